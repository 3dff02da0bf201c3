import { eq } from 'drizzle-orm';
import type { QuestionKind } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { bankTables, type Tx } from './access.js';
import { assertNotUsed, inUseError, isForeignKeyViolation, whereUsed } from './used.js';

/**
 * Drops a bank question unless a slide shows it: 409 QuestionInUse with the places
 * (checked first; the slides' ON DELETE RESTRICT catches a slide added meanwhile).
 * `beforeDelete` runs in the same transaction (e.g. to collect the files to remove).
 */
export async function dropQuestion<T>(db: Db, kind: QuestionKind, id: number, beforeDelete?: (tx: Tx) => Promise<T>): Promise<T | undefined> {
  const table = bankTables[kind];
  try {
    return await db.transaction(async (tx) => {
      await assertNotUsed(tx, kind, id);
      const extra = beforeDelete ? await beforeDelete(tx) : undefined;
      await tx.delete(table).where(eq(table.id, id));
      return extra;
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUseError(await whereUsed(db, kind, id));
    throw err;
  }
}
