import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { exercises } from '../schema/index.js';
import type { Storage } from '../../files/storage.js';
import { parseManifest } from '../../modules/programs/scormPackage.js';
import { rootDir } from '../../paths.js';
import type { SeededPrograms } from './programs.js';

/** The sample SCORM 1.2 package (an unpacked folder: manifest, launch page, script, styles). */
export const scormSampleDir = join(rootDir, 'server', 'db', 'seed', 'media', 'scorm-sample');

/**
 * Writes the sample package's files under `key` as the SCORM upload leaves an unpacked
 * package (one stored file per package file). `storage` must be the local disk: the
 * player serves packages from `${DATA_DIR}/files` (server/content/packageFiles.ts).
 */
export async function writeScormSample(storage: Storage, key: string): Promise<void> {
  for (const name of readdirSync(scormSampleDir)) await storage.put(`${key}/${name}`, readFileSync(join(scormSampleDir, name)));
}

/**
 * A SCORM exercise in the demo program's second lesson, after the webinar (so the first
 * lesson keeps its lecture and test): a task completed with a result, played from the
 * sample package.
 */
export async function seedScorm(db: Db, storage: Storage, seeded: SeededPrograms): Promise<number> {
  const manifest = parseManifest(readFileSync(join(scormSampleDir, 'imsmanifest.xml'), 'utf8'));
  const [row] = await db
    .insert(exercises)
    .values({
      programId: seeded.programId,
      lessonId: seeded.lessonIds[1],
      kind: 'scorm',
      label: 'SCORM: переменные в Python',
      description: 'Интерактивный урок в формате SCORM 1.2',
      exerciseType: 30,
      sequence: 2,
      availabilityRule: 99,
      completionCondition: 20,
      isScoExercise: true,
      scormManifest: { ...manifest },
    })
    .returning({ id: exercises.id });
  const key = `scorm/${row.id}-demo`;
  await writeScormSample(storage, key);
  await db.update(exercises).set({ scormPackagePath: key }).where(eq(exercises.id, row.id));
  return row.id;
}
