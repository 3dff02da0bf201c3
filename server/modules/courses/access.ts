import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { courseAllows, type CourseAction, type CourseMember } from '../../../shared/permissions.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courseInstructors, courses, tutorStudents } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';

/**
 * Who sees which course (API "Training") and what they may do in it. No IDOR by construction:
 * every course lookup goes through here and answers 404 for a course the caller may not see,
 * 403 for an action their course role or panel permissions do not allow (the course rules in
 * shared/permissions.ts).
 *
 * - Root sees every course and may do everything.
 * - An instructor sees the courses whose staff they are in (course_instructors: instructor,
 *   tutor, moderator) and the courses they created; what they may do there follows from their
 *   course role and panel permissions.
 *
 * Routes declare the action with `config: { course: { action } }` (checked before validation,
 * server/auth/courseScope.ts) or call `loadCourse(db, user, id, action)` when the course comes
 * from another record (a group, an invitation, a certificate).
 */
export type CourseRow = typeof courses.$inferSelect;

export interface CourseAccess {
  course: CourseRow;
  member: CourseMember;
}

export const courseNotFound = () => notFound('TrainingNotFound', { title: 'courses.notFound' });
export const courseForbidden = () => forbidden('Forbidden', { title: 'error.forbidden' });

/** Ids of the courses the caller may see, as a subquery (for `inArray(x, ...)`/`in (...)`). */
export function myCourseIds(user: AuthUser): SQL {
  return sql`(select c."id" from "courses" c where c."created_by" = ${user.accountId}
    union select ci."course_id" from "course_instructors" ci where ci."account_id" = ${user.accountId})`;
}

/** Condition on the "courses" table: the courses the caller may see (undefined = all, for Root). */
export function visibleCoursesWhere(user: AuthUser): SQL | undefined {
  if (user.role === 'Root') return undefined;
  return or(
    eq(courses.createdBy, user.accountId),
    sql`exists (select 1 from "course_instructors" ci where ci."course_id" = ${courses.id} and ci."account_id" = ${user.accountId})`,
  );
}

/** Condition on any course id column: that course is visible to the caller. */
export function courseIdVisible(user: AuthUser, column: SQL | AnyPgColumn): SQL | undefined {
  if (user.role === 'Root') return undefined;
  return sql`${column} in ${myCourseIds(user)}`;
}

/** Who asks: a request's user, or the author a task acts for. */
type Caller = Pick<AuthUser, 'accountId' | 'role'>;

/** The caller's place in the course's staff, or null when they are not in it. */
export function memberOf(user: Caller, course: CourseRow, staff: { role: string; panel: number[] } | null): CourseMember | null {
  if (user.role === 'Root') return { role: 'root', panelPermissions: [] };
  if (user.role !== 'Instructors') return null;
  if (course.createdBy === user.accountId) return { role: 'creator', panelPermissions: [] };
  if (!staff) return null;
  return { role: staff.role as CourseMember['role'], panelPermissions: staff.panel };
}

/** The course and the caller's membership: 404 when they may not see it, 403 when `action` is not theirs. */
export async function loadCourseAccess(
  db: Db,
  user: Caller,
  rawId: string | number | undefined,
  action: CourseAction = 'view',
): Promise<CourseAccess> {
  const id = parseIntId(rawId);
  if (id === null) throw courseNotFound();
  // one round trip: the course and the caller's staff row
  const [row] = await db
    .select({ c: courses, role: courseInstructors.courseRole, panel: courseInstructors.panelPermissions })
    .from(courses)
    .leftJoin(courseInstructors, and(eq(courseInstructors.courseId, courses.id), eq(courseInstructors.accountId, user.accountId)))
    .where(eq(courses.id, id))
    .limit(1);
  const member = row ? memberOf(user, row.c, row.role ? { role: row.role, panel: row.panel ?? [] } : null) : null;
  if (!row || !member) throw courseNotFound();
  if (!courseAllows(member, action)) throw courseForbidden();
  return { course: row.c, member };
}

/** The course when the caller may see it and do `action` there; 404 / 403 otherwise (also 404 for a malformed id). */
export async function loadCourse(db: Db, user: AuthUser, rawId: string | number | undefined, action: CourseAction = 'view'): Promise<CourseRow> {
  return (await loadCourseAccess(db, user, rawId, action)).course;
}

/**
 * The students a member may see and manage in the course, as a condition on a student
 * account id column: a tutor sees their assigned students only; everyone else all of them.
 */
export function studentScope(access: CourseAccess, user: Caller, column: AnyPgColumn | SQL): SQL | undefined {
  if (access.member.role !== 'tutor') return undefined;
  return sql`${column} in (select ts."student_id" from ${tutorStudents} ts where ts."course_id" = ${access.course.id} and ts."tutor_id" = ${user.accountId})`;
}

/** Of `ids`, the courses where the caller may do `action` (the others are not theirs or not allowed). */
export async function coursesAllowing(db: Db, user: Caller, ids: number[], action: CourseAction): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ c: courses, role: courseInstructors.courseRole, panel: courseInstructors.panelPermissions })
    .from(courses)
    .leftJoin(courseInstructors, and(eq(courseInstructors.courseId, courses.id), eq(courseInstructors.accountId, user.accountId)))
    .where(inArray(courses.id, ids));
  return new Set(
    rows
      .filter((r) => courseAllows(memberOf(user, r.c, r.role ? { role: r.role, panel: r.panel ?? [] } : null), action))
      .map((r) => r.c.id),
  );
}

/** The subset of `ids` the caller may see. */
export async function visibleCourseIds(db: Db, user: Caller, ids: number[]): Promise<Set<number>> {
  return coursesAllowing(db, user, ids, 'view');
}
