import { sql } from 'drizzle-orm';
import type { AnswerKind } from '../../../shared/calls/study/answers.js';
import type { Database, Db } from '../../db/client.js';
import type { slides } from '../../db/schema/index.js';
import { answerKindOf, type AnswerTimes, type Graded } from './answers.js';
import type { StudyContext } from './context.js';

type DatabaseKind = Database['kind'];

/**
 * Group commit of answer saves. In an exam thousands of saves a second each paid a statement of
 * its own — a round trip, a plan and a commit (a WAL flush) — and the round trips' socket writes
 * alone were most of the server's time. Saves that arrive while earlier ones are being written
 * go together in the next statement: the same checks per row as `storeAnswer` (the attempt is
 * the caller's, of this course and exercise, in progress, within its time, locked by the update)
 * and the same upsert; each save is answered only after the statement that holds it commits, so
 * an acknowledged answer is as durable as before. At low load a save goes alone at once, so
 * nothing waits for a batch to fill. One attempt is never in two rows of a statement nor in two
 * statements at once (the upsert could not touch a row twice, and the order of two saves of one
 * attempt is kept).
 */
const MAX_ROWS = 200;
/**
 * Statements in flight per database: on PostgreSQL two (the pool serves other calls meanwhile);
 * PGlite runs one statement at a time, so a second would only wait there instead of joining the next.
 */
const MAX_IN_FLIGHT = { postgres: 2, pglite: 1 } as const;

interface PendingSave {
  row: {
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
    answered_at: string | null;
    received_at: string | null;
  };
  done: (attemptId: number | null) => void;
  fail: (err: unknown) => void;
}

class SaveBatcher {
  private pending: PendingSave[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** attempts in a statement being written */
  private busy = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly maxInFlight: number,
  ) {}

  submit(row: PendingSave['row']): Promise<number | null> {
    return new Promise((done, fail) => {
      this.pending.push({ row, done, fail });
      this.schedule();
    });
  }

  /** Sends the next statement once the saves of this turn of the event loop are in. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.pending.length) {
      const batch: PendingSave[] = [];
      const rest: PendingSave[] = [];
      const taken = new Set<number>();
      for (const p of this.pending) {
        const id = p.row.attempt_id;
        if (batch.length < MAX_ROWS && !taken.has(id) && !this.busy.has(id)) {
          taken.add(id);
          batch.push(p);
        } else rest.push(p);
      }
      this.pending = rest;
      if (!batch.length) return; // what is left waits for its attempt's statement to end
      this.inFlight++;
      for (const id of taken) this.busy.add(id);
      void this.write(batch).finally(() => {
        this.inFlight--;
        for (const id of taken) this.busy.delete(id);
        this.schedule();
      });
    }
  }

  private async write(batch: PendingSave[]): Promise<void> {
    try {
      const result = await this.db.execute(sql`with input as (
          select * from json_to_recordset(${JSON.stringify(batch.map((p) => p.row))}::json) as i(
            attempt_id int, account_id int, course_id int, exercise_id int, slide_id int, question_kind int,
            value jsonb, correctness int, score double precision, file_id int, saved_at timestamptz, answered_at timestamptz, received_at timestamptz)),
        live as (
          update "attempts" a set "current_slide_id" = i.slide_id from input i
           where a."id" = i.attempt_id and a."account_id" = i.account_id and a."course_id" = i.course_id and a."exercise_id" = i.exercise_id
             and a."status" = 'in_progress' and (a."deadline_at" is null or a."deadline_at" > coalesce(i.answered_at, i.saved_at))
          returning a."id")
        insert into "answers" ("attempt_id", "slide_id", "question_kind", "value", "correctness", "score", "file_id", "saved_at", "answered_at", "received_at")
        select i.attempt_id, i.slide_id, i.question_kind, i.value, i.correctness, i.score, i.file_id, i.saved_at, i.answered_at, i.received_at from input i join live on live."id" = i.attempt_id
        on conflict ("attempt_id", "slide_id") do update set "question_kind" = excluded."question_kind", "value" = excluded."value",
          "correctness" = excluded."correctness", "score" = excluded."score", "file_id" = excluded."file_id", "saved_at" = excluded."saved_at",
          "answered_at" = excluded."answered_at", "received_at" = excluded."received_at"
        returning "attempt_id"`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { attempt_id: number }[] }).rows) as { attempt_id: number }[];
      const saved = new Set(rows.map((r) => Number(r.attempt_id)));
      for (const p of batch) p.done(saved.has(p.row.attempt_id) ? p.row.attempt_id : null);
    } catch (err) {
      if (batch.length === 1) return batch[0].fail(err);
      // one row's failure (a slide deleted meanwhile) must not fail the others: each on its own
      await Promise.all(batch.map((p) => this.write([p])));
    }
  }
}

const batchers = new WeakMap<Db, SaveBatcher>();

/**
 * `storeAnswer` for a save naming its attempt, written with the saves arriving meanwhile (see
 * above): the attempt's id when stored, null when nothing was written (the caller works out why).
 */
export function storeAnswerInBatch(db: Db, database: DatabaseKind, ctx: StudyContext, attemptId: number, slide: Pick<typeof slides.$inferSelect, 'id' | 'maxScore'>, kind: AnswerKind, graded: Graded, now = new Date(), times: AnswerTimes | null = null): Promise<number | null> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new SaveBatcher(db, MAX_IN_FLIGHT[database])));
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
    // checked against the deadline instead of saved_at when the answer was made offline (answerClock.ts)
    answered_at: times ? times.answeredAt.toISOString() : null,
    received_at: times ? times.receivedAt.toISOString() : null,
  });
}
