import { and, eq, inArray } from 'drizzle-orm';
import type { CourseRole } from '../../../shared/enums.js';
import { courseAllows } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { courseInstructors, courses, tutorStudents } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { courseForbidden, type CourseAccess } from '../courses/access.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Changes of a course's staff, shared by the direct calls (…/Instructors/Include, /Exclude) and
 * the course-group tasks (…/Instructors/Include/by-set, /Remove/by-set), so both check the same:
 * the caller holds the course action 'instructors' (checked by their loader); a member with
 * course role instructor is added, changed or removed only by someone who has that role too (a
 * tutor or moderator with the instructor-management permission manages tutors and moderators);
 * the creator of the course is never removed or demoted.
 */
export function checkStaffChange(access: CourseAccess, target: { accountId: number; courseRole: string } | null, newRole?: string): void {
  if (target && target.accountId === access.course.createdBy && newRole !== 'instructor') {
    throw badRequest('CreatorStays', { title: 'instructors.creatorStays' });
  }
  const touchesInstructor = target?.courseRole === 'instructor' || newRole === 'instructor';
  if (touchesInstructor && !courseAllows(access.member, 'instructorRoles')) throw courseForbidden();
}

/** Adds accounts to the course's staff with `role` (those already there keep theirs). Returns how many were added. */
export async function includeStaff(tx: Tx | Db, access: CourseAccess, accountIds: number[], role: CourseRole): Promise<number> {
  checkStaffChange(access, null, role);
  if (accountIds.length === 0) return 0;
  const added = await tx
    .insert(courseInstructors)
    .values(accountIds.map((accountId) => ({ courseId: access.course.id, accountId, courseRole: role })))
    .onConflictDoNothing()
    .returning({ id: courseInstructors.id });
  return added.length;
}

/**
 * Removes accounts from the course's staff, with their tutor assignments and the course's tutor
 * and moderator fields. Every target is checked first: nothing is removed when one may not be.
 * Returns the removed account ids.
 */
export async function removeStaff(tx: Tx | Db, access: CourseAccess, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const courseId = access.course.id;
  const targets = await tx
    .select({ accountId: courseInstructors.accountId, courseRole: courseInstructors.courseRole })
    .from(courseInstructors)
    .where(and(eq(courseInstructors.courseId, courseId), inArray(courseInstructors.accountId, accountIds)));
  for (const target of targets) checkStaffChange(access, target);
  const ids = targets.map((t) => t.accountId);
  if (ids.length === 0) return [];
  await tx.delete(courseInstructors).where(and(eq(courseInstructors.courseId, courseId), inArray(courseInstructors.accountId, ids)));
  await tx.delete(tutorStudents).where(and(eq(tutorStudents.courseId, courseId), inArray(tutorStudents.tutorId, ids)));
  await tx.update(courses).set({ tutorId: null }).where(and(eq(courses.id, courseId), inArray(courses.tutorId, ids)));
  await tx.update(courses).set({ moderatorId: null }).where(and(eq(courses.id, courseId), inArray(courses.moderatorId, ids)));
  return ids;
}
