import { sql } from 'drizzle-orm';
import type { AnswerKind } from '../../../shared/calls/study/answers.js';
import type { Database, Db } from '../../db/client.js';
import { GroupCommit } from '../../db/groupCommit.js';
import { rowsOf } from '../../db/rows.js';
import type { slides } from '../../db/schema/index.js';
import { answerKindOf, type Graded } from './answers.js';
import type { StudyContext } from './context.js';

type DatabaseKind = Database['kind'];

type SaveRow = {
  attempt_id: number;
  account_id: number;
  course_id: number;
  exercise_id: number;
  slide_id: number;
  question_kind: number;
  value: Record<string, unknown>;
  correctness: number;
  score: number | null;
  file_id: number | null;
  saved_at: string;
};

/**
 * Answer saves are group-committed (server/db/groupCommit.ts): in an exam thousands of saves a
 * second each paid a statement of its own, and the round trips' socket writes alone were most of
 * the server's time. A statement makes the same checks per row as `storeAnswer` (the attempt is
 * the caller's, of this course and exercise, in progress, within its time, locked by the update)
 * and the same upsert. One attempt is never in two rows of a statement nor in two statements at
 * once (the upsert could not touch a row twice, and the order of two saves of one attempt is kept).
 * Statements in flight: two on PostgreSQL (the pool serves other calls meanwhile), one on PGlite
 * (it runs one statement at a time, so a second would only wait there instead of joining the next).
 */
const MAX_IN_FLIGHT = { postgres: 2, pglite: 1 } as const;

async function writeSaves(db: Db, batch: SaveRow[]): Promise<(number | null)[]> {
  const result = await db.execute(sql`with input as (
      select * from json_to_recordset(${JSON.stringify(batch)}::json) as i(
        attempt_id int, account_id int, course_id int, exercise_id int, slide_id int, question_kind int,
        value jsonb, correctness int, score double precision, file_id int, saved_at timestamptz)),
    live as (
      update "attempts" a set "current_slide_id" = i.slide_id from input i
       where a."id" = i.attempt_id and a."account_id" = i.account_id and a."course_id" = i.course_id and a."exercise_id" = i.exercise_id
         and a."status" = 'in_progress' and (a."deadline_at" is null or a."deadline_at" > i.saved_at)
      returning a."id")
    insert into "answers" ("attempt_id", "slide_id", "question_kind", "value", "correctness", "score", "file_id", "saved_at")
    select i.attempt_id, i.slide_id, i.question_kind, i.value, i.correctness, i.score, i.file_id, i.saved_at from input i join live on live."id" = i.attempt_id
    on conflict ("attempt_id", "slide_id") do update set "question_kind" = excluded."question_kind", "value" = excluded."value",
      "correctness" = excluded."correctness", "score" = excluded."score", "file_id" = excluded."file_id", "saved_at" = excluded."saved_at"
    returning "attempt_id"`);
  const saved = new Set(rowsOf<{ attempt_id: number }>(result).map((r) => Number(r.attempt_id)));
  return batch.map((row) => (saved.has(row.attempt_id) ? row.attempt_id : null));
}

const batchers = new WeakMap<Db, GroupCommit<SaveRow, number | null>>();

/**
 * `storeAnswer` for a save naming its attempt, written with the saves arriving meanwhile (see
 * above): the attempt's id when stored, null when nothing was written (the caller works out why).
 */
export function storeAnswerInBatch(db: Db, database: DatabaseKind, ctx: StudyContext, attemptId: number, slide: Pick<typeof slides.$inferSelect, 'id' | 'maxScore'>, kind: AnswerKind, graded: Graded, now = new Date()): Promise<number | null> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new GroupCommit({ write: (batch) => writeSaves(db, batch), keyOf: (row) => row.attempt_id, maxInFlight: MAX_IN_FLIGHT[database] })));
  return batcher.submit({
    attempt_id: attemptId,
    account_id: ctx.user.accountId,
    course_id: ctx.course.id,
    exercise_id: ctx.exercise.id,
    slide_id: slide.id,
    question_kind: answerKindOf[kind],
    value: graded.value,
    correctness: graded.scored.correctness,
    score: graded.scored.fraction === null ? null : graded.scored.fraction * slide.maxScore,
    file_id: graded.fileId ?? null,
    saved_at: now.toISOString(),
  });
}
