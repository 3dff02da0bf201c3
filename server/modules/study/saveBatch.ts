import { sql } from 'drizzle-orm';
import type { AnswerKind } from '../../../shared/calls/study/answers.js';
import type { Database, Db } from '../../db/client.js';
import { GroupCommit } from '../../db/groupCommit.js';
import { executePrepared } from '../../db/prepared.js';
import type { slides } from '../../db/schema/index.js';
import { IDEMPOTENCY_TTL_MS, type KeyToWrite } from '../../http/idempotency.js';
import { answerKindOf, type AnswerTimes, type Graded } from './answers.js';
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
  /** when an answer made offline was made and received (answerClock.ts): the deadline is checked at answered_at */
  answered_at: string | null;
  received_at: string | null;
  /** the request's idempotency key, written with the answer (server/http/idempotency.ts keyToWrite) */
  key: string | null;
  key_request: string | null;
  key_fingerprint: string | null;
  /** the answer a repeat of the key gets: this save's acknowledgement */
  key_body: string | null;
  key_expires_at: string | null;
};

/** A save's outcome: stored in the attempt; not stored (the caller works out why); or its key was there already. */
export type SaveOutcome = number | null | 'keyTaken';

/**
 * Answer saves are group-committed (server/db/groupCommit.ts): in an exam thousands of saves a
 * second each paid a statement of its own, and the round trips' socket writes alone were most of
 * the server's time. A statement makes the same checks per row as `storeAnswer` (the attempt is
 * the caller's, of this course and exercise, in progress, within its time, locked by the update)
 * and the same upsert. One attempt is never in two rows of a statement nor in two statements at
 * once (the upsert could not touch a row twice, and the order of two saves of one attempt is kept).
 * A keyed save writes its idempotency key with its acknowledgement in the same statement, only
 * when the key is new and the answer is stored; a key found there means a repeat (`keyTaken`). Two
 * statements racing with one key (two processes): the key's insert does nothing in the second, so
 * its answer is not stored either, and the caller's retry finds the key.
 * The key's lookup is a scalar subquery, a probe of the primary key per row: written `not exists`,
 * PostgreSQL planned it as an anti-join over a scan of the whole key table whenever the table's
 * statistics said it was small (an empty table before an exam, not analysed yet while the storm
 * filled it), so each statement read every key saved so far (auto_explain in the PostgreSQL storm:
 * 13 ms of a 28 ms statement at 6,000 keys).
 * The attempt is found by its id alone: its owner, course and exercise are compared as one row
 * (`is not distinct from`, never an index condition). As three equalities, with PGlite's statistics
 * never gathered, the planner walked the (course, exercise) index over every attempt of the exam for
 * each save. The statement is prepared on PGlite (server/db/prepared.ts): it runs thousands of times a second.
 * Statements in flight: two on PostgreSQL (the pool serves other calls meanwhile), one on PGlite
 * (it runs one statement at a time, so a second would only wait there instead of joining the next).
 */
const MAX_IN_FLIGHT = { postgres: 2, pglite: 1 } as const;

async function writeSaves(db: Db, batch: SaveRow[]): Promise<SaveOutcome[]> {
  const rows = await executePrepared<{ attempt_id: number; key_taken: boolean }>(
    db,
    sql`with input as (
      select * from json_to_recordset(${JSON.stringify(batch)}::json) as i(
        attempt_id int, account_id int, course_id int, exercise_id int, slide_id int, question_kind int,
        value jsonb, correctness int, score double precision, file_id int, saved_at timestamptz, answered_at timestamptz, received_at timestamptz,
        key text, key_request text, key_fingerprint text, key_body text, key_expires_at timestamptz)),
    fresh as (
      select i.* from input i
       where i.key is null
          or (select 1 from "idempotency_keys" k where k."account_id" = i.account_id and k."key" = i.key and k."request" = i.key_request limit 1) is null),
    live as (
      update "attempts" a set "current_slide_id" = i.slide_id from fresh i
       where a."id" = i.attempt_id and (a."account_id", a."course_id", a."exercise_id") is not distinct from (i.account_id, i.course_id, i.exercise_id)
         and a."status" = 'in_progress' and (a."deadline_at" is null or a."deadline_at" > coalesce(i.answered_at, i.saved_at))
      returning a."id"),
    keyed as (
      insert into "idempotency_keys" ("account_id", "key", "request", "fingerprint", "status", "body", "content_type", "created_at", "expires_at")
      select i.account_id, i.key, i.key_request, i.key_fingerprint, 200, i.key_body, 'application/json; charset=utf-8', i.saved_at, i.key_expires_at
        from fresh i join live on live."id" = i.attempt_id where i.key is not null
      on conflict do nothing
      returning "account_id", "key"),
    saved as (
      insert into "answers" ("attempt_id", "slide_id", "question_kind", "value", "correctness", "score", "file_id", "saved_at", "answered_at", "received_at")
      select i.attempt_id, i.slide_id, i.question_kind, i.value, i.correctness, i.score, i.file_id, i.saved_at, i.answered_at, i.received_at from fresh i join live on live."id" = i.attempt_id
       where i.key is null or exists (select 1 from keyed k where k."account_id" = i.account_id and k."key" = i.key)
      on conflict ("attempt_id", "slide_id") do update set "question_kind" = excluded."question_kind", "value" = excluded."value",
        "correctness" = excluded."correctness", "score" = excluded."score", "file_id" = excluded."file_id", "saved_at" = excluded."saved_at",
        "answered_at" = excluded."answered_at", "received_at" = excluded."received_at"
      returning "attempt_id")
    select "attempt_id", false as "key_taken" from saved
    union all
    select i.attempt_id, true from input i where i.key is not null and not exists (select 1 from fresh f where f.attempt_id = i.attempt_id)`);
  const saved = new Set(rows.filter((r) => !r.key_taken).map((r) => Number(r.attempt_id)));
  const taken = new Set(rows.filter((r) => r.key_taken).map((r) => Number(r.attempt_id)));
  return batch.map((row): SaveOutcome => (taken.has(row.attempt_id) ? 'keyTaken' : saved.has(row.attempt_id) ? row.attempt_id : null));
}

const batchers = new WeakMap<Db, GroupCommit<SaveRow, SaveOutcome>>();

/**
 * `storeAnswer` for a save naming its attempt, written with the saves arriving meanwhile (see
 * above): the attempt's id when stored, null when nothing was written (the caller works out why),
 * `keyTaken` when the request's idempotency key (`key`, with the answer to keep) was there already.
 */
export function storeAnswerInBatch(
  db: Db,
  database: DatabaseKind,
  ctx: StudyContext,
  attemptId: number,
  slide: Pick<typeof slides.$inferSelect, 'id' | 'maxScore'>,
  kind: AnswerKind,
  graded: Graded,
  { key, now = new Date(), times = null }: { key?: { key: KeyToWrite; body: string }; now?: Date; times?: AnswerTimes | null } = {},
): Promise<SaveOutcome> {
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
    answered_at: times ? times.answeredAt.toISOString() : null,
    received_at: times ? times.receivedAt.toISOString() : null,
    key: key?.key.key ?? null,
    key_request: key?.key.request ?? null,
    key_fingerprint: key?.key.fingerprint ?? null,
    key_body: key?.body ?? null,
    key_expires_at: key ? new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() : null,
  });
}
