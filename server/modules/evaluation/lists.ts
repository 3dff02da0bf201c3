import { sql, type SQL } from 'drizzle-orm';
import type { VerifyCourse, VerifyExercise, VerifyLesson, WaitingSession } from '../../../shared/calls/evaluation.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { lessonShownInCourse, shownInCourse } from '../learning/availability.js';
import { coursesAllowing, type CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';

/**
 * What waits for a check (spec 3 §7.10 results verification). An attempt waits when it is the
 * student's current result on the exercise and that result is "evaluation" (status 3: a finish
 * with answers to check, or an exercise completed awaiting evaluation), the attempt ended, and
 * the student studies in the course. Evaluated: the current result is an evaluated one.
 * A tutor counts and sees only their assigned students (panel permissions allow the rest).
 */


/**
 * The students the caller checks in the course of `courseId` (a column): all of them, except for a
 * tutor of that course (not its creator), who sees their assigned students only.
 */
export function checkedStudents(user: Pick<AuthUser, 'accountId' | 'role'>, courseId: SQL, studentId: SQL): SQL {
  if (user.role === 'Root') return sql`true`;
  return sql`(not exists (select 1 from "course_instructors" ci join "courses" cc on cc."id" = ci."course_id"
      where ci."course_id" = ${courseId} and ci."account_id" = ${user.accountId} and ci."course_role" = 'tutor' and cc."created_by" is distinct from ${user.accountId})
    or ${studentId} in (select ts."student_id" from "tutor_students" ts where ts."course_id" = ${courseId} and ts."tutor_id" = ${user.accountId}))`;
}

/** The progress rows whose attempt waits for a check (alias p, with a = attempt, e = exercise, l = lesson, c = course, s = student). */
function waitingFrom(user: Pick<AuthUser, 'accountId' | 'role'>, where: SQL): SQL {
  return sql`from "exercise_progress" p
    join "attempts" a on a."id" = p."last_attempt_id" and a."status" in ('finished', 'expired')
    join "courses" c on c."id" = p."course_id"
    join "exercises" e on e."id" = p."exercise_id" and e."program_id" = c."program_id"
    join "lessons" l on l."id" = e."lesson_id"
    join "enrolments" en on en."course_id" = p."course_id" and en."account_id" = p."account_id" and en."status" = 1
    join "accounts" s on s."id" = p."account_id"
    where p."status" = 3 and ${shownInCourse(sql`e."id"`, sql`l."constraints"`, sql`c."id"`)}
      and ${checkedStudents(user, sql`p."course_id"`, sql`p."account_id"`)} and ${where}`;
}

const like = (search: string | undefined, ...columns: SQL[]): SQL => {
  if (!search) return sql`true`;
  const pattern = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql`(${sql.join(columns.map((c) => sql`${c} ilike ${pattern}`), sql` or `)})`;
};

const studentName = sql`trim(coalesce(s."last_name", '') || ' ' || coalesce(s."first_name", ''))`;

/** The courses the caller may evaluate in (course role and panel permission 2), with what waits in each. */
export async function coursesToVerify(db: Db, user: AuthUser): Promise<VerifyCourse[]> {
  const visible = rowsOf<{ id: number; label: string }>(
    await db.execute(sql`select c."id", c."label" from "courses" c
      ${user.role === 'Root' ? sql`` : sql`where c."created_by" = ${user.accountId} or exists (select 1 from "course_instructors" ci where ci."course_id" = c."id" and ci."account_id" = ${user.accountId})`}
      order by c."label", c."id"`),
  );
  const allowed = await coursesAllowing(db, user, visible.map((c) => c.id), 'evaluate');
  const ids = visible.filter((c) => allowed.has(c.id)).map((c) => c.id);
  if (!ids.length) return [];
  const counts = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`select p."course_id" as "id", count(*)::int as "n" ${waitingFrom(user, sql`p."course_id" in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)} group by p."course_id"`),
  );
  const waiting = new Map(counts.map((r) => [Number(r.id), Number(r.n)]));
  return visible.filter((c) => allowed.has(c.id)).map((c) => ({ id: c.id, label: c.label, waiting: waiting.get(c.id) ?? 0 }));
}

/** Attempts waiting across the caller's courses (or one), searched by student, e-mail or exercise; oldest first, at most 200. */
export async function waitingSessions(db: Db, user: AuthUser, courseIds: number[], search?: string): Promise<WaitingSession[]> {
  if (!courseIds.length) return [];
  const found = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select a."id" as "sessionId", c."id" as "courseId", c."label" as "courseLabel", l."id" as "lessonId", e."id" as "exerciseId",
        e."label" as "exerciseLabel", s."id" as "studentId", ${studentName} as "studentName", a."finished_at" as "finishedAt"
      ${waitingFrom(user, sql`p."course_id" in (${sql.join(courseIds.map((id) => sql`${id}`), sql`, `)}) and ${like(search, studentName, sql`s."email"`, sql`e."label"`)}`)}
      order by a."finished_at" asc nulls last, a."id" limit 200`),
  );
  return found.map((r) => ({
    sessionId: Number(r.sessionId),
    courseId: Number(r.courseId),
    courseLabel: String(r.courseLabel),
    lessonId: Number(r.lessonId),
    exerciseId: Number(r.exerciseId),
    exerciseLabel: String(r.exerciseLabel),
    studentId: Number(r.studentId),
    studentName: String(r.studentName),
    finishedAt: r.finishedAt ? new Date(r.finishedAt as string).toISOString() : null,
  }));
}

/** The lessons of the course with the attempts waiting in each (all lessons: a lesson without work shows 0). */
export async function lessonsToVerify(db: Db, user: AuthUser, access: CourseAccess, search?: string): Promise<VerifyLesson[]> {
  const c = access.course;
  const found = rowsOf<{ id: number; label: string; waiting: number }>(
    await db.execute(sql`select ll."id", ll."label",
        (select count(*)::int ${waitingFrom(user, sql`p."course_id" = ${c.id} and e."lesson_id" = ll."id"`)}) as "waiting"
      from "lessons" ll where ll."program_id" = ${c.programId} and ${lessonShownInCourse(sql`ll."constraints"`, c.id)} and ${like(search, sql`ll."label"`)}
      order by ll."sequence", ll."id"`),
  );
  return found.map((r) => ({ id: Number(r.id), label: r.label, waiting: Number(r.waiting) }));
}

/** The exercises of the course (of one lesson, when given) with the attempts waiting and evaluated in each. */
export async function exercisesToVerify(db: Db, user: AuthUser, access: CourseAccess, lessonId?: number, search?: string): Promise<VerifyExercise[]> {
  const c = access.course;
  const found = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select e2."id", e2."lesson_id" as "lessonId", e2."label", e2."exercise_type" as "exerciseType",
        (select count(*)::int ${waitingFrom(user, sql`p."course_id" = ${c.id} and e."id" = e2."id"`)}) as "waiting",
        (select count(*)::int from "exercise_progress" p
          join "evaluations" ev on ev."attempt_id" = p."last_attempt_id" and ev."status" = 'evaluated'
          where p."course_id" = ${c.id} and p."exercise_id" = e2."id" and ${checkedStudents(user, sql`p."course_id"`, sql`p."account_id"`)}) as "evaluated"
      from "exercises" e2 join "lessons" l2 on l2."id" = e2."lesson_id"
      where e2."program_id" = ${c.programId} and ${shownInCourse(sql`e2."id"`, sql`l2."constraints"`, c.id)}
        ${lessonId !== undefined ? sql`and e2."lesson_id" = ${lessonId}` : sql``} and ${like(search, sql`e2."label"`)}
      order by l2."sequence", e2."sequence", e2."id"`),
  );
  return found.map((r) => ({
    id: Number(r.id),
    lessonId: Number(r.lessonId),
    label: String(r.label),
    exerciseType: Number(r.exerciseType),
    waiting: Number(r.waiting),
    evaluated: Number(r.evaluated),
  }));
}
