import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courses } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';

/**
 * Who sees which course (API "Training"). No IDOR by construction: every course lookup goes
 * through here and answers 404 for a course the caller may not see.
 *
 * - Root sees every course.
 * - An instructor sees (and runs) the courses whose staff they are in (course_instructors,
 *   any course role: instructor, tutor, moderator) and the courses they created.
 *
 * Other modules (students, groups, instructors, journals ...) use `loadCourse` and
 * `visibleCoursesWhere` too.
 */
export type CourseRow = typeof courses.$inferSelect;

export const courseNotFound = () => notFound('TrainingNotFound', { title: 'courses.notFound' });

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

/** The course when the caller may see it; 404 otherwise (also for a malformed id). */
export async function loadCourse(db: Db, user: AuthUser, rawId: string | number | undefined): Promise<CourseRow> {
  const id = parseIntId(rawId);
  if (id === null) throw courseNotFound();
  const [row] = await db.select().from(courses).where(and(eq(courses.id, id), visibleCoursesWhere(user))).limit(1);
  if (!row) throw courseNotFound();
  return row;
}

/** The subset of `ids` the caller may see. */
export async function visibleCourseIds(db: Db, user: AuthUser, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, ids), visibleCoursesWhere(user)));
  return new Set(rows.map((r) => r.id));
}
