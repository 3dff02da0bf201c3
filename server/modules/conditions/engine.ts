import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationKind, ConditionEvent } from '../../../shared/calls/conditions.js';
import { parseDayEnd } from '../../../shared/calls/invitations.js';
import { NotificationType, PredicateKind } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { certificates, courses, enrollmentApplications, enrolments, exercises, expulsionApplications, predicateRuns, predicates } from '../../db/schema/index.js';
import type { ResultChanged } from '../../events/results.js';
import { intArray } from '../journal/query.js';
import { notify } from '../notifications/notify.js';
import { enrolStudents, expelStudents, type Tx } from '../students/shared.js';
import { rowsOf } from '../../db/rows.js';

export type PredicateRow = typeof predicates.$inferSelect;
type Course = Pick<typeof courses.$inferSelect, 'id' | 'programId' | 'label'>;
type Conn = Db | Tx;

/** The fields a condition keeps in its payload, by kind (shared/calls/conditions.ts inputs). */
export interface ConditionPayload {
  minScorePercent?: number | null;
  date?: string | null;
  state?: string;
  application?: ApplicationKind;
  targetCourseId?: number | null;
  approve?: boolean;
  reason?: string | null;
  title?: string;
}

export const payloadOf = (p: PredicateRow) => p.payload as ConditionPayload;

/** The exercises a condition watches: its own and every exercise of its lessons, of the course's program. */
export async function watchedExercises(db: Conn, p: Pick<PredicateRow, 'exerciseIds' | 'lessonIds'>, programId: number): Promise<number[]> {
  if (!p.exerciseIds.length && !p.lessonIds.length) return [];
  const rows = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.programId, programId), sql`(${exercises.id} = any(${intArray(p.exerciseIds)}::int[]) or ${exercises.lessonId} = any(${intArray(p.lessonIds)}::int[]))`));
  return rows.map((r) => r.id);
}

/**
 * Of `accountIds` (default: every studying student of the course), those for whom the condition
 * holds now and for whom it has not fired yet. One query: the students' progress on the watched
 * exercises (completed = status 4 or 5 and not a failed SCORM result; a score's share of its
 * attempt's maximum, 100% when nothing is rated).
 */
export async function holdingFor(db: Conn, p: PredicateRow, course: Pick<Course, 'id' | 'programId'>, now: Date, accountIds?: number[]): Promise<number[]> {
  const watched = await watchedExercises(db, p, course.programId);
  if (!watched.length) return [];
  const payload = payloadOf(p);
  const min = Number(payload.minScorePercent ?? 0);
  const pct = sql`(case when coalesce(a."max_score", 0) > 0 then coalesce(p."score", 0) * 100.0 / a."max_score" else 100 end)`;
  const done = sql`p."status" in (4, 5) and not p."failed"`;
  const counted = (what: SQL) => sql`(select count(*)::int from "exercise_progress" p left join "attempts" a on a."id" = p."last_attempt_id"
      where p."course_id" = ${course.id} and p."account_id" = en."account_id" and p."exercise_id" = any(${intArray(watched)}::int[]) and ${what})`;
  const n = watched.length;
  let holds: SQL;
  switch (p.eventType as ConditionEvent) {
    case 'completed': holds = sql`${counted(done)} = ${n}`; break;
    case 'anyCompleted': holds = sql`${counted(done)} > 0`; break;
    case 'passed': holds = sql`${counted(sql`${done} and ${pct} >= ${min}`)} = ${n}`; break;
    case 'failed': holds = sql`${counted(sql`p."status" in (4, 5) and (p."failed" or ${pct} < ${min})`)} > 0`; break;
    case 'deadlineMissed': {
      const deadline = payload.date ? parseDayEnd(payload.date) : null;
      if (!deadline || now <= deadline) return [];
      holds = sql`${counted(done)} < ${n}`;
      break;
    }
    default: return [];
  }
  const rows = rowsOf<{ account_id: number }>(
    await db.execute(sql`
      select en."account_id" from "enrolments" en
       where en."course_id" = ${course.id} and en."status" = 1
         ${accountIds ? sql`and en."account_id" = any(${intArray(accountIds)}::int[])` : sql``}
         and not exists (select 1 from "predicate_runs" r where r."predicate_id" = ${p.id} and r."account_id" = en."account_id")
         and ${holds}
       order by en."account_id"`),
  );
  return rows.map((r) => r.account_id);
}

interface Outcome {
  outcome: Record<string, unknown>;
  note: string | null;
}

/** What an application condition does for one student. */
async function makeApplication(tx: Tx, p: PredicateRow, course: Course, accountId: number): Promise<Outcome> {
  const a = payloadOf(p);
  if (a.application === 'expulsion') {
    if (a.approve) {
      const n = await expelStudents(tx, course.id, course.label, [accountId], p.createdBy, a.reason ?? null);
      return n ? { outcome: { expelled: true }, note: null } : { outcome: {}, note: 'conditions.note.notStudying' };
    }
    const [pending] = await tx
      .select({ id: expulsionApplications.id })
      .from(expulsionApplications)
      .where(and(eq(expulsionApplications.courseId, course.id), eq(expulsionApplications.accountId, accountId), eq(expulsionApplications.status, 'pending')))
      .limit(1);
    if (pending) return { outcome: { expulsionApplicationId: pending.id }, note: 'conditions.note.pending' };
    const [row] = await tx.insert(expulsionApplications).values({ courseId: course.id, accountId, reason: a.reason ?? null }).returning({ id: expulsionApplications.id });
    return { outcome: { expulsionApplicationId: row.id }, note: null };
  }
  const [target] = a.targetCourseId ? await tx.select({ id: courses.id, label: courses.label }).from(courses).where(eq(courses.id, a.targetCourseId)) : [];
  if (!target) return { outcome: {}, note: 'conditions.note.noTarget' };
  const [studying] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, target.id), eq(enrolments.accountId, accountId), eq(enrolments.status, 1)));
  if (studying) return { outcome: { targetCourseId: target.id }, note: 'conditions.note.enrolled' };
  if (a.approve) {
    await enrolStudents(tx, target.id, target.label, [accountId], p.createdBy);
    return { outcome: { targetCourseId: target.id, enrolled: true }, note: null };
  }
  const [row] = await tx.insert(enrollmentApplications).values({ courseId: target.id, accountId }).onConflictDoNothing().returning({ id: enrollmentApplications.id });
  return row ? { outcome: { targetCourseId: target.id, applicationId: row.id }, note: null } : { outcome: { targetCourseId: target.id }, note: 'conditions.note.pending' };
}

/**
 * A certificate for one student: the certificates module's record (its list, the student's
 * achievements and the notification of type 1). ELP has no document generator yet: the record
 * carries no PDF, and the run says so.
 */
async function issueCertificate(tx: Tx, p: PredicateRow, course: Course, accountId: number, now: Date): Promise<Outcome> {
  const title = payloadOf(p).title ?? p.label ?? course.label;
  const [c] = await tx
    .insert(certificates)
    .values({ courseId: course.id, studentId: accountId, title, date: now.toISOString().slice(0, 10), fileId: null, issuedBy: p.createdBy })
    .returning({ id: certificates.id });
  await notify(tx, [{
    accountId,
    type: NotificationType.receivingCertificate,
    key: 'certificates.notification',
    params: { title, course: course.label },
    link: '/achievements',
    linkFields: { trainingId: course.id, certificateId: c.id },
  }]);
  return { outcome: { certificateId: c.id }, note: 'conditions.note.noFile' };
}

/**
 * Fires a condition for one student, once: the run row is written first, so a second firing (a
 * re-run, a concurrent event) finds it and does nothing. Then what the kind does, in the same
 * transaction. Returns whether it fired now.
 */
export async function fire(tx: Tx, p: PredicateRow, course: Course, accountId: number, now: Date): Promise<boolean> {
  const payload = payloadOf(p);
  const [run] = await tx
    .insert(predicateRuns)
    .values({ predicateId: p.id, courseId: course.id, accountId, state: p.kind === PredicateKind.state ? (payload.state ?? null) : null, firedAt: now })
    .onConflictDoNothing()
    .returning({ id: predicateRuns.id });
  if (!run) return false;
  const done =
    p.kind === PredicateKind.application ? await makeApplication(tx, p, course, accountId)
    : p.kind === PredicateKind.documentGeneration ? await issueCertificate(tx, p, course, accountId, now)
    : null;
  if (done) await tx.update(predicateRuns).set(done).where(eq(predicateRuns.id, run.id));
  return true;
}

/** Where a failed firing is reported (the module sets its app's logger). */
let log: Pick<FastifyBaseLogger, 'error'> = { error: () => undefined };
export const reportTo = (logger: Pick<FastifyBaseLogger, 'error'>) => {
  log = logger;
};

/**
 * A student's result changed (server/events/results.ts): the course's conditions that watch the
 * exercise and hold now fire, in their order, in the transaction of the change. Each in a
 * savepoint: a condition that fails (e.g. its enrolment target is gone) is logged and undone
 * alone, and never undoes the student's result. One indexed query when the course has none.
 */
export async function onResult(e: ResultChanged): Promise<void> {
  const list = await e.db.select().from(predicates).where(eq(predicates.courseId, e.courseId)).orderBy(asc(predicates.sequence), asc(predicates.id));
  // a deadline fires on its date (runDatedConditions), not on a result
  const candidates = list.filter((p) => p.eventType !== 'deadlineMissed');
  if (!candidates.length) return;
  let lessonId: number | undefined;
  if (candidates.some((p) => p.lessonIds.length && !p.exerciseIds.includes(e.exerciseId))) {
    [{ lessonId } = { lessonId: undefined }] = await e.db.select({ lessonId: exercises.lessonId }).from(exercises).where(eq(exercises.id, e.exerciseId));
  }
  const watching = candidates.filter((p) => p.exerciseIds.includes(e.exerciseId) || (lessonId !== undefined && p.lessonIds.includes(lessonId)));
  if (!watching.length) return;
  const [course] = await e.db.select({ id: courses.id, programId: courses.programId, label: courses.label }).from(courses).where(eq(courses.id, e.courseId));
  if (!course) return;
  for (const p of watching) {
    try {
      await e.db.transaction(async (sp) => {
        if ((await holdingFor(sp, p, course, e.at, [e.accountId])).length) await fire(sp, p, course, e.accountId, e.at);
      });
    } catch (err) {
      log.error({ err, predicateId: p.id, accountId: e.accountId }, 'course condition failed');
    }
  }
}

/**
 * Runs a condition for every student of its course for whom it holds and has not fired: one
 * transaction per student (one failing student stops nobody else). `step` reports progress
 * (and may stop a task). Returns how many it fired for.
 */
export async function executeCondition(db: Db, p: PredicateRow, course: Course, now: Date, step?: (done: number, total: number) => Promise<void>, accountIds?: number[]): Promise<{ fired: number; failed: number }> {
  const ids = accountIds ?? (await holdingFor(db, p, course, now));
  let fired = 0;
  let failed = 0;
  for (const [i, accountId] of ids.entries()) {
    await step?.(i, ids.length);
    try {
      // the condition is checked again inside: the student's result may have changed meanwhile
      if (await db.transaction(async (tx) => (await holdingFor(tx, p, course, now, [accountId])).length > 0 && fire(tx, p, course, accountId, now))) fired++;
    } catch (err) {
      failed++;
      log.error({ err, predicateId: p.id, accountId }, 'course condition failed');
    }
  }
  await db.update(predicates).set({ lastExecutedAt: now }).where(eq(predicates.id, p.id));
  return { fired, failed };
}

/**
 * The deadline conditions whose day has passed fire for the students who had not completed their
 * exercises (run by the module's timer). Idempotent: the run rows make a second pass fire nobody again.
 */
export async function runDatedConditions(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .select({ p: predicates, course: { id: courses.id, programId: courses.programId, label: courses.label } })
    .from(predicates)
    .innerJoin(courses, eq(courses.id, predicates.courseId))
    .where(eq(predicates.eventType, 'deadlineMissed'));
  let fired = 0;
  for (const { p, course } of rows) {
    const date = payloadOf(p).date;
    const deadline = date ? parseDayEnd(date) : null;
    // a deadline once run, with no student left behind since, needs no query of students
    if (!deadline || now <= deadline || (p.lastExecutedAt && p.lastExecutedAt > deadline)) continue;
    fired += (await executeCondition(db, p, course, now)).fired;
  }
  return fired;
}
