import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BreadcrumbItemType } from '../../../shared/calls/breadcrumbs.js';
import { allows } from '../../../shared/permissions.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courseGroups, courses, enrolments, exercises, lessons, programs } from '../../db/schema/index.js';
import { visibleCoursesWhere } from '../courses/access.js';
import { visibleCourseGroupsWhere } from '../courses/courseGroups/access.js';
import { visibleProgramsWhere } from '../programs/access.js';

const tables = { Course: programs, Lesson: lessons, Training: courses, Exercise: exercises, Set: courseGroups };

/**
 * A label is named only to whoever may open what it names, by the same rules as the screens'
 * own loaders (an id the caller may not see gets no label, as a 404 would tell nothing):
 *
 * - Root: everything.
 * - An instructor: the courses they run or created (courses/access.ts), the course groups
 *   they see (courses/courseGroups/access.ts), the programs they see with the programs permission
 *   (programs/access.ts), and the lessons and exercises of those programs or of the programs
 *   behind their courses (the course pages list them).
 * - A student: the courses they study in (active enrolment) and the published ones the
 *   catalogue shows anyway, published course groups (the course-folder page), the lessons and
 *   exercises of the programs behind their courses; never a program.
 */
function visibleWhere(db: Db, user: AuthUser, type: BreadcrumbItemType): SQL | undefined | false {
  if (user.role === 'Root') return undefined;
  if (user.role === 'Instructors') return instructorWhere(db, user, type);
  if (user.role === 'Students') return studentWhere(db, user, type);
  return false;
}

function instructorWhere(db: Db, user: AuthUser, type: BreadcrumbItemType): SQL | undefined | false {
  const seesPrograms = allows(user, 'programs');
  switch (type) {
    case 'Training': return visibleCoursesWhere(user);
    case 'Set': return visibleCourseGroupsWhere(user);
    case 'Course': return seesPrograms ? visibleProgramsWhere(user) : false;
    case 'Lesson':
    case 'Exercise': {
      const table = tables[type];
      const ofMyCourses = inArray(table.programId, db.select({ id: courses.programId }).from(courses).where(visibleCoursesWhere(user)));
      if (!seesPrograms) return ofMyCourses;
      return or(ofMyCourses, inArray(table.programId, db.select({ id: programs.id }).from(programs).where(visibleProgramsWhere(user))));
    }
  }
}

function studentWhere(db: Db, user: AuthUser, type: BreadcrumbItemType): SQL | undefined | false {
  const studying = (courseId: SQL | typeof courses.id) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(enrolments)
        .where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1))),
    );
  switch (type) {
    case 'Training': return or(eq(courses.isPublished, true), studying(courses.id));
    case 'Set': return eq(courseGroups.isPublished, true);
    case 'Course': return false;
    case 'Lesson':
    case 'Exercise': {
      const table = tables[type];
      const myPrograms = db
        .select({ id: courses.programId })
        .from(courses)
        .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1)));
      return inArray(table.programId, myPrograms);
    }
  }
}

/** Labels of the items among `ids` of one type that the caller may see. */
export async function visibleLabels(db: Db, user: AuthUser, type: BreadcrumbItemType, ids: number[]): Promise<Map<number, string>> {
  const where = visibleWhere(db, user, type);
  if (ids.length === 0 || where === false) return new Map();
  const table = tables[type];
  const rows = await db
    .select({ id: table.id, label: table.label })
    .from(table)
    .where(and(inArray(table.id, ids), where));
  return new Map(rows.map((r) => [r.id, r.label]));
}
