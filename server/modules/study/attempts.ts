import { and, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attempts, exerciseProgress } from '../../db/schema/index.js';
import { ExerciseProgressStatus } from '../../../shared/enums.js';
import { parseIntId } from '../../resources/records.js';
import { sessionNotFound, timeExpired, type StudyContext } from './context.js';
import { iso } from './wire.js';
import { rowsOf } from '../../db/rows.js';

export type AttemptRow = typeof attempts.$inferSelect;

/** Whether the attempt's time is up by the server clock. */
export const isPastDeadline = (a: Pick<AttemptRow, 'deadlineAt'>, now = new Date()) => !!a.deadlineAt && a.deadlineAt.getTime() <= now.getTime();

/** The caller's latest attempt of the exercise in the course that a retake did not discard. */
export async function latestAttempt(db: Db, ctx: StudyContext): Promise<AttemptRow | null> {
  const [a] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.accountId, ctx.user.accountId),
        eq(attempts.courseId, ctx.course.id),
        eq(attempts.exerciseId, ctx.exercise.id),
        ne(attempts.status, 'discarded'),
      ),
    )
    .orderBy(desc(attempts.attemptNo))
    .limit(1);
  return a ?? null;
}

/**
 * The caller's own attempt of this exercise by id: another student's id, or one of another
 * exercise, is answered as `notFound` (no IDOR).
 */
export async function ownAttempt(db: Db, ctx: StudyContext, rawId: unknown, notFound: () => Error): Promise<AttemptRow> {
  const id = parseIntId(rawId as string);
  if (id === null) throw notFound();
  const [a] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.id, id),
        eq(attempts.accountId, ctx.user.accountId),
        eq(attempts.courseId, ctx.course.id),
        eq(attempts.exerciseId, ctx.exercise.id),
      ),
    )
    .limit(1);
  if (!a) throw notFound();
  return a;
}

/**
 * The attempt an answer may be saved into: the given one (the caller's own, else
 * `notFound`) or the current one; 400.16 when it is not in progress, 400.17 when its
 * time is up (the attempt is then closed as expired by the caller via `onExpired`).
 */
export async function activeAttempt(
  db: Db,
  ctx: StudyContext,
  attemptId: unknown,
  notFound: () => Error,
  onExpired: (a: AttemptRow) => Promise<void>,
  now = new Date(),
): Promise<AttemptRow> {
  const a = attemptId !== undefined && attemptId !== null && attemptId !== '' ? await ownAttempt(db, ctx, attemptId, notFound) : await latestAttempt(db, ctx);
  if (!a) throw sessionNotFound();
  if (a.status === 'expired') throw timeExpired();
  if (a.status !== 'in_progress') throw sessionNotFound();
  if (isPastDeadline(a, now)) {
    await onExpired(a);
    throw timeExpired();
  }
  return a;
}

/**
 * Starts an attempt, or resumes the one in progress. The deadline is the server's clock plus
 * the exercise's time limit. A finished attempt is returned as it is: a new one starts only
 * through a retake (restart).
 */
export async function startOrResume(db: Db, ctx: StudyContext, now = new Date()): Promise<{ attempt: AttemptRow; started: boolean }> {
  try {
    return await startStatement(db, ctx, now);
  } catch (e) {
    // two starts at once: the second loses on the attempt-number key and resumes the first
    const again = await latestAttempt(db, ctx);
    if (again) return { attempt: again, started: false };
    throw e;
  }
}

/**
 * The start in one statement (500 students start an exam within seconds): the latest attempt
 * a retake did not discard, or else a new one numbered after every earlier one with the
 * progress "in progress" — what `latestAttempt` then `createAttempt` do, atomically.
 */
async function startStatement(db: Db, ctx: StudyContext, now: Date): Promise<{ attempt: AttemptRow; started: boolean }> {
  const limit = ctx.exercise.timeLimitSeconds;
  const deadlineAt = limit && limit > 0 ? new Date(now.getTime() + limit * 1000) : null;
  const [a, c, e] = [ctx.user.accountId, ctx.course.id, ctx.exercise.id];
  const result = await db.execute(sql`with last as (
      select * from "attempts" where "account_id" = ${a} and "course_id" = ${c} and "exercise_id" = ${e} and "status" <> 'discarded'
       order by "attempt_no" desc limit 1
    ), made as (
      insert into "attempts" ("account_id", "course_id", "exercise_id", "attempt_no", "status", "started_at", "deadline_at")
      select ${a}, ${c}, ${e}, (select coalesce(max("attempt_no"), 0) + 1 from "attempts" where "account_id" = ${a} and "course_id" = ${c} and "exercise_id" = ${e}),
             'in_progress', ${now.toISOString()}::timestamptz, ${deadlineAt ? deadlineAt.toISOString() : null}::timestamptz
       where not exists (select 1 from last)
      returning *
    ), progress as (
      insert into "exercise_progress" ("account_id", "course_id", "exercise_id", "status", "last_attempt_id", "started_at")
      select ${a}, ${c}, ${e}, ${ExerciseProgressStatus.inProgress}, made."id", ${now.toISOString()}::timestamptz from made
      on conflict ("account_id", "course_id", "exercise_id") do update set "status" = excluded."status", "last_attempt_id" = excluded."last_attempt_id",
        "started_at" = excluded."started_at", "completed_at" = null, "score" = null
    )
    select made.*, true as "started" from made union all select last.*, false from last`);
  const rows = rowsOf<Record<string, unknown>>(result);
  if (!rows[0]) throw new Error('start: no attempt returned');
  return { attempt: attemptFromRow(rows[0]), started: rows[0].started === true };
}

/** A raw attempts row (column names) as drizzle maps it. */
function attemptFromRow(row: Record<string, unknown>): AttemptRow {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(attempts))) {
    const v = row[column.name];
    out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
  }
  return out as AttemptRow;
}

/** A new attempt numbered after every earlier one (discarded included), and progress "in progress". */
export async function createAttempt(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], ctx: StudyContext, now = new Date()): Promise<AttemptRow> {
  const limit = ctx.exercise.timeLimitSeconds;
  const deadlineAt = limit && limit > 0 ? new Date(now.getTime() + limit * 1000) : null;
  // numbered in the insert itself (one round trip); two at once collide on the attempt-number key
  const [a] = await db
    .insert(attempts)
    .values({
      accountId: ctx.user.accountId,
      courseId: ctx.course.id,
      exerciseId: ctx.exercise.id,
      attemptNo: sql`(select coalesce(max(${attempts.attemptNo}), 0) + 1 from ${attempts} where ${and(eq(attempts.accountId, ctx.user.accountId), eq(attempts.courseId, ctx.course.id), eq(attempts.exerciseId, ctx.exercise.id))})`,
      status: 'in_progress',
      startedAt: now,
      deadlineAt,
    })
    .returning();
  await db
    .insert(exerciseProgress)
    .values({
      accountId: ctx.user.accountId,
      courseId: ctx.course.id,
      exerciseId: ctx.exercise.id,
      status: ExerciseProgressStatus.inProgress,
      lastAttemptId: a.id,
      startedAt: now,
    })
    .onConflictDoUpdate({
      target: [exerciseProgress.accountId, exerciseProgress.courseId, exerciseProgress.exerciseId],
      set: { status: ExerciseProgressStatus.inProgress, lastAttemptId: a.id, startedAt: now, completedAt: null, score: null, failed: false },
    });
  return a;
}

/** Timing of an attempt for the player's time indicator (server clock). */
export function timing(a: AttemptRow, now = new Date()) {
  return {
    startedAt: iso(a.startedAt),
    deadlineAt: iso(a.deadlineAt),
    serverTime: iso(now),
    secondsLeft: a.deadlineAt ? Math.max(0, Math.floor((a.deadlineAt.getTime() - now.getTime()) / 1000)) : null,
  };
}
