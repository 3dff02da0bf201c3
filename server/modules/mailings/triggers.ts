import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { MailingKind, MailingTrigger } from '../../../shared/enums.js';
import type { MailingRecipients } from '../../../shared/calls/mailings.js';
import type { Db } from '../../db/client.js';
import { courses, exercises, mailings, mailOutbox, schedules } from '../../db/schema/index.js';
import type { Tx } from '../students/shared.js';
import { courseRecipients, writeLetters, type CourseRow, type MailingRow, type Recipient } from './letters.js';

const DAY = 86_400_000;
/** A dated rule created long after its date does not mail everyone at once: only within a week of the date. */
const LATE_WINDOW = 7 * DAY;

const enabledRules = (courseId: number | undefined, triggers: MailingTrigger[]) =>
  and(eq(mailings.kind, MailingKind.auto), eq(mailings.isEnabled, true), inArray(mailings.trigger, triggers), courseId !== undefined ? eq(mailings.courseId, courseId) : undefined);

/**
 * An event of a course happened to these students (enrolled; results of an exercise approved):
 * the course's enabled automatic rules for it write their letters, in the caller's transaction
 * (so a rolled-back enrolment sends nothing). One indexed query when the course has no rule.
 */
export async function mailingEvent(
  db: Db | Tx,
  e: { trigger: typeof MailingTrigger.enrolled | typeof MailingTrigger.resultsApproved; courseId: number; accountIds: number[]; exerciseId?: number },
): Promise<number> {
  if (e.accountIds.length === 0) return 0;
  const rules = await db.select().from(mailings).where(enabledRules(e.courseId, [e.trigger]));
  if (rules.length === 0) return 0;
  const [course] = await db.select().from(courses).where(eq(courses.id, e.courseId));
  if (!course) return 0;
  const exercise = e.exerciseId ? ((await db.select({ label: exercises.label }).from(exercises).where(eq(exercises.id, e.exerciseId)))[0]?.label ?? '') : '';
  const at = Date.now();
  let written = 0;
  for (const rule of rules) {
    const recipients = await courseRecipients(db, course.id, rule.recipients as MailingRecipients, e.accountIds);
    // enrolled: once per enrolment (a restored student's new join is a new one); approved: once per approval
    const occasion = e.trigger === MailingTrigger.enrolled ? (r: { joinedAt: Date }) => `enrolled:${r.joinedAt.getTime()}` : () => `approved:${e.exerciseId ?? 0}:${at}`;
    written += await writeLetters(db, rule, course, recipients, occasion, exercise);
  }
  return written;
}

/** Whether `now` is within [date, date + LATE_WINDOW) and before `until` when given. */
const due = (now: number, from: number, until?: number) => now >= from && now < Math.min(from + LATE_WINDOW, until ?? Infinity);

/**
 * The dated rules (N days before the course starts or an exercise's deadline, N days after the
 * course ends) whose day has come write their letters; run by the outbox worker on every pass.
 * Idempotent: the dedupe key names the date, so a later pass writes nothing again, and a moved
 * date mails again.
 */
export async function runDatedRules(db: Db, now = new Date()): Promise<number> {
  const rules = await db
    .select({ rule: mailings, course: courses })
    .from(mailings)
    .innerJoin(courses, eq(courses.id, mailings.courseId))
    .where(enabledRules(undefined, [MailingTrigger.courseStart, MailingTrigger.courseCompleted, MailingTrigger.exerciseDeadline]));
  const t = now.getTime();
  let written = 0;
  for (const { rule, course } of rules) written += await runRule(db, rule, course, t);
  return written;
}

/** The rule's recipients who have no letter for this occasion yet (a pass within the window re-renders nobody twice). */
async function notYetMailed(db: Db, rule: MailingRow, course: CourseRow, occasion: string): Promise<Recipient[]> {
  const done = await db
    .select({ accountId: mailOutbox.accountId })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.mailingId, rule.id), like(mailOutbox.dedupeKey, `${rule.id}:%:${occasion}`)));
  const mailed = new Set(done.map((d) => d.accountId));
  return (await courseRecipients(db, course.id, rule.recipients as MailingRecipients)).filter((r) => !mailed.has(r.accountId));
}

async function runRule(db: Db, rule: MailingRow, course: CourseRow, now: number): Promise<number> {
  const n = (rule.offsetDays ?? 0) * DAY;
  if (rule.trigger === MailingTrigger.courseStart) {
    const begin = course.begin?.getTime();
    if (begin === undefined || !due(now, begin - n, begin)) return 0;
    return writeLetters(db, rule, course, await notYetMailed(db, rule, course, `start:${begin}`), () => `start:${begin}`);
  }
  if (rule.trigger === MailingTrigger.courseCompleted) {
    const end = course.end?.getTime();
    if (end === undefined || !due(now, end + n)) return 0;
    return writeLetters(db, rule, course, await notYetMailed(db, rule, course, `completed:${end}`), () => `completed:${end}`);
  }
  // exercise deadline: the end of each exercise schedule of the course
  const deadlines = await db
    .select({ exerciseId: schedules.exerciseId, end: schedules.end, label: exercises.label })
    .from(schedules)
    .innerJoin(exercises, eq(exercises.id, schedules.exerciseId))
    .where(and(eq(schedules.courseId, course.id), isNotNull(schedules.exerciseId), isNotNull(schedules.end)));
  let written = 0;
  for (const d of deadlines) {
    const end = d.end!.getTime();
    if (!due(now, end - n, end)) continue;
    const occasion = `deadline:${d.exerciseId}:${end}`;
    written += await writeLetters(db, rule, course, await notYetMailed(db, rule, course, occasion), () => occasion, d.label);
  }
  return written;
}
