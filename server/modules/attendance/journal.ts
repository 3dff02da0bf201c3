import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConfirmedCode } from '../../../shared/calls/attendance.js';
import type { ListAnswer } from '../../../shared/account.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, digitalCodes, exercises } from '../../db/schema/index.js';
import { studentScope, type CourseAccess } from '../courses/access.js';
import { fullName } from '../students/shared.js';

/**
 * The digital-code journal (spec 1 §2.9 …/visit-journal/digitalCode): the codes confirmed in the
 * course, newest first, with the student, the exercise and who confirmed; optionally of one
 * exercise. A tutor sees the codes of their assigned students only.
 */
export async function confirmedCodes(
  db: Db,
  access: CourseAccess,
  user: AuthUser,
  q: { exerciseId?: number; take: number; skip: number },
): Promise<ListAnswer<ConfirmedCode>> {
  const confirmer = alias(accounts, 'confirmer');
  const where = and(
    eq(digitalCodes.courseId, access.course.id),
    // confirmed codes only
    isNotNull(digitalCodes.confirmedAt),
    q.exerciseId ? eq(digitalCodes.exerciseId, q.exerciseId) : undefined,
    studentScope(access, user, digitalCodes.accountId),
  );
  const [{ total }] = await db.select({ total: count() }).from(digitalCodes).where(where);
  const rows = await db
    .select({
      c: digitalCodes,
      exerciseLabel: exercises.label,
      lessonId: exercises.lessonId,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      byFirst: confirmer.firstName,
      byLast: confirmer.lastName,
    })
    .from(digitalCodes)
    .innerJoin(exercises, eq(exercises.id, digitalCodes.exerciseId))
    .innerJoin(accounts, eq(accounts.id, digitalCodes.accountId))
    .leftJoin(confirmer, eq(confirmer.id, digitalCodes.confirmedBy))
    .where(where)
    .orderBy(desc(digitalCodes.confirmedAt), desc(digitalCodes.id))
    .limit(q.take)
    .offset(q.skip);
  return {
    result: rows.map((r) => ({
      id: r.c.id,
      code: r.c.code,
      exerciseId: r.c.exerciseId,
      exerciseLabel: r.exerciseLabel,
      lessonId: r.lessonId,
      studentId: r.c.accountId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      confirmedAt: r.c.confirmedAt!.toISOString(),
      confirmedBy: r.byFirst !== null || r.byLast !== null ? fullName({ firstName: r.byFirst, lastName: r.byLast }) : null,
    })),
    metadata: { filteredRecords: total },
  };
}
