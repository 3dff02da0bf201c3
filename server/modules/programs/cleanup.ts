import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { exerciseFiles, exercises, files, slides } from '../../db/schema/index.js';
import type { Storage } from '../../files/index.js';
import { removeKey } from './storage.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Deleting exercises (one, a lesson's, a program's): the rows go in the caller's
 * transaction (slides first: they point at bank questions with ON DELETE RESTRICT), the
 * exercise files' rows with them; the bytes and the SCORM folders after it commits.
 */
export async function deleteExercisesWhere(db: Db, config: Config, storage: Storage, which: SQL, rest: (tx: Tx) => Promise<void>): Promise<void> {
  const doomed = await db.select({ id: exercises.id, scorm: exercises.scormPackagePath }).from(exercises).where(which);
  const ids = doomed.map((d) => d.id);
  const owned = ids.length
    ? await db.select({ id: files.id, key: files.storageKey }).from(exerciseFiles).innerJoin(files, eq(files.id, exerciseFiles.fileId)).where(inArray(exerciseFiles.exerciseId, ids))
    : [];
  await db.transaction(async (tx) => {
    if (ids.length) {
      await tx.delete(slides).where(inArray(slides.exerciseId, ids));
      await tx.delete(exercises).where(inArray(exercises.id, ids));
    }
    if (owned.length) await tx.delete(files).where(inArray(files.id, owned.map((o) => o.id)));
    await rest(tx);
  });
  for (const o of owned) await storage.delete(o.key).catch(() => undefined);
  for (const d of doomed) if (d.scorm) await removeKey(config, d.scorm).catch(() => undefined);
}
