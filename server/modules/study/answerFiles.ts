import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../files/index.js';
import { storeAnswer, type Graded } from './answers.js';
import type { StudyContext } from './context.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The files of file answers. An answer keeps the files it names and nothing else: a file
 * the student uploaded for an answer ('answer' files) is removed — bytes and row — once a
 * save replaces or drops it, unless another of the student's answers still names it (an
 * earlier attempt's answer is history: kept, and counted in the student's quota). Files of
 * any other purpose the student may name (JSON fileIds) are never removed here.
 */
export const ANSWER_FILE_PURPOSE = 'answer';


const idArray = (ids: number[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]`;

/** The files the answer to this slide in this attempt names now, that still exist and are the student's, in order. */
export async function answerFiles(db: Db, accountId: number, attemptId: number, slideId: number): Promise<{ id: number; size: number }[]> {
  return rowsOf<{ id: number; size: string | number }>(
    await db.execute(sql`select f."id", f."size" from "answers" a
      cross join lateral jsonb_array_elements_text(coalesce(a."value"->'fileIds', '[]'::jsonb)) with ordinality as e(id, n)
      join "files" f on f."id" = e.id::int and f."owner_id" = ${accountId}
      where a."attempt_id" = ${attemptId} and a."slide_id" = ${slideId} order by e.n`),
  ).map((r) => ({ id: Number(r.id), size: Number(r.size) }));
}

/** Of these ids, the student's answer files that no answer of the student names (apart from the one given). */
export async function unnamedAnswerFiles(
  db: Db,
  accountId: number,
  ids: number[],
  except?: { attemptId: number; slideId: number },
): Promise<{ id: number; size: number; storageKey: string }[]> {
  if (!ids.length) return [];
  const other = except ? sql`and not (a."attempt_id" = ${except.attemptId} and a."slide_id" = ${except.slideId})` : sql``;
  return rowsOf<{ id: number; size: string | number; storage_key: string }>(
    await db.execute(sql`select f."id", f."size", f."storage_key" from "files" f
      where f."id" = any(${idArray(ids)}) and f."owner_id" = ${accountId} and f."purpose" = ${ANSWER_FILE_PURPOSE}
        and not exists (select 1 from "answers" a join "attempts" t on t."id" = a."attempt_id"
          where t."account_id" = ${accountId} ${other}
            and (a."file_id" = f."id" or a."value"->'fileIds' @> jsonb_build_array(f."id")))`),
  ).map((r) => ({ id: Number(r.id), size: Number(r.size), storageKey: r.storage_key }));
}

/**
 * Saves a file answer (as storeAnswer) and removes the files it replaced. The attempt's row
 * is locked first — every save of the attempt takes that lock — so the answer read before the
 * save is the one replaced, even when two uploads race; the replaced rows go in the same
 * transaction and their bytes after it commits. Null: nothing saved (the caller tells why).
 */
export async function storeFileAnswer(
  db: Db,
  storage: Storage,
  ctx: StudyContext,
  attemptId: number | null,
  slide: { id: number; maxScore: number },
  graded: Graded,
): Promise<number | null> {
  const { accountId } = ctx.user;
  const removed = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [attempt] = rowsOf<{ id: number }>(
      await t.execute(sql`select "id" from "attempts"
        where "account_id" = ${accountId} and "course_id" = ${ctx.course.id} and "exercise_id" = ${ctx.exercise.id} and "status" <> 'discarded'
          ${attemptId !== null ? sql`and "id" = ${attemptId}` : sql``}
        order by "attempt_no" desc limit 1 for update`),
    );
    if (!attempt) return null;
    const lockedId = Number(attempt.id);
    const before = await answerFiles(t, accountId, lockedId, slide.id);
    const savedIn = await storeAnswer(t, ctx, lockedId, slide, 'files', graded);
    if (savedIn === null) return null;
    const kept = new Set((graded.value.fileIds as number[] | undefined) ?? []);
    const dropped = await unnamedAnswerFiles(t, accountId, before.map((f) => f.id).filter((id) => !kept.has(id)));
    if (dropped.length) await t.execute(sql`delete from "files" where "id" = any(${idArray(dropped.map((f) => f.id))})`);
    return { savedIn, keys: dropped.map((f) => f.storageKey) };
  });
  if (!removed) return null;
  for (const key of removed.keys) await storage.delete(key);
  return removed.savedIn;
}
