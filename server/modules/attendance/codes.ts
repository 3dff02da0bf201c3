import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, courses, digitalCodes, enrolments, exercises, lessons, visits } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { shownInCourse } from '../learning/availability.js';
import { studyContext, type StudyContext } from '../study/context.js';

/** How long a digital code is valid (spec 2 §9, spec 3 §9: 3 minutes). */
export const CODE_VALID_SECONDS = 180;
/** Advisory-lock key serialising code generation, so two students never get the same live code. */
const CODE_LOCK = 0x6c6f6465;

export const getCodeError = (status = 400, description?: string) => new AppError(status, 'GetCodeError', { title: 'attendance.getCodeError', description });

/**
 * The course a student gets a code for: the one given (they must study it), or else the one course
 * they study that shows the exercise. 404 'get code error' when there is none, 400 when several
 * courses would fit and none was named; 403.15 when the exercise is locked for them (studyContext).
 */
export async function codeContext(db: Db, user: AuthUser, rawExerciseId: string, rawCourseId: string | undefined): Promise<StudyContext> {
  const notFound = () => getCodeError(404);
  if (rawCourseId !== undefined) return studyContext(db, user, rawCourseId, rawExerciseId, notFound);
  const exerciseId = parseIntId(rawExerciseId);
  if (exerciseId === null) throw notFound();
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1)))
    .innerJoin(exercises, and(eq(exercises.programId, courses.programId), eq(exercises.id, exerciseId)))
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(shownInCourse(exercises.id, lessons.constraints, courses.id))
    .limit(2);
  if (rows.length === 0) throw notFound();
  if (rows.length > 1) throw getCodeError(400, 'attendance.courseAmbiguous');
  return studyContext(db, user, String(rows[0].id), rawExerciseId, notFound);
}

/**
 * A fresh 6-digit code for the student and exercise, valid CODE_VALID_SECONDS: unique among the
 * live (unexpired) codes of everyone, and the student's earlier live codes for the exercise stop
 * working (only the newest one shown counts).
 */
export async function issueCode(db: Db, ctx: StudyContext, now = new Date()) {
  const expiresAt = new Date(now.getTime() + CODE_VALID_SECONDS * 1000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK})`);
    await tx
      .update(digitalCodes)
      .set({ expiresAt: now })
      .where(and(eq(digitalCodes.accountId, ctx.user.accountId), eq(digitalCodes.exerciseId, ctx.exercise.id), isNull(digitalCodes.confirmedAt), gt(digitalCodes.expiresAt, now)));
    for (let tries = 0; tries < 50; tries++) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const [taken] = await tx
        .select({ id: digitalCodes.id })
        .from(digitalCodes)
        .where(and(eq(digitalCodes.code, code), gt(digitalCodes.expiresAt, now)))
        .limit(1);
      if (taken) continue;
      const [row] = await tx
        .insert(digitalCodes)
        .values({ courseId: ctx.course.id, exerciseId: ctx.exercise.id, accountId: ctx.user.accountId, code, createdAt: now, expiresAt })
        .returning();
      return row;
    }
    throw getCodeError(500);
  });
}

export interface ConfirmInput {
  code: string;
  courseId: number;
  exerciseId?: number;
}

/**
 * Confirms a code a student shows in the given course: records the visit (source 'digital_code',
 * the student's account, the course, the exercise and its lesson; it replaces an 'absent' mark the
 * student set) and marks the code used, in one transaction. Codes are single-use: the code row is
 * claimed with a conditional update, so of two concurrent confirmations only one records.
 */
export async function confirmCode(db: Db, instructor: AuthUser, input: ConfirmInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ c: digitalCodes, e: { id: exercises.id, label: exercises.label, lessonId: exercises.lessonId }, a: { id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName } })
      .from(digitalCodes)
      .innerJoin(exercises, eq(exercises.id, digitalCodes.exerciseId))
      .innerJoin(accounts, eq(accounts.id, digitalCodes.accountId))
      .where(and(eq(digitalCodes.code, input.code), eq(digitalCodes.courseId, input.courseId)))
      .orderBy(desc(digitalCodes.createdAt), desc(digitalCodes.id))
      .limit(1);
    if (!found) throw new AppError(404, 'CodeNotFound', { title: 'attendance.codeUnknown' });
    if (found.c.confirmedAt) throw new AppError(400, 'CodeUsed', { title: 'attendance.codeUsed' });
    if (found.c.expiresAt.getTime() <= now.getTime()) throw new AppError(400, 'CodeExpired', { title: 'attendance.codeExpired' });
    if (input.exerciseId !== undefined && input.exerciseId !== found.c.exerciseId) throw new AppError(400, 'CodeOtherExercise', { title: 'attendance.codeOtherExercise' });
    const claimed = await tx
      .update(digitalCodes)
      .set({ confirmedAt: now, confirmedBy: instructor.accountId })
      .where(and(eq(digitalCodes.id, found.c.id), isNull(digitalCodes.confirmedAt)))
      .returning({ id: digitalCodes.id });
    if (!claimed.length) throw new AppError(400, 'CodeUsed', { title: 'attendance.codeUsed' });
    const values = { courseId: input.courseId, lessonId: found.e.lessonId, exerciseId: found.e.id, studentId: found.a.id, markedBy: instructor.accountId, source: 'digital_code', markedAt: now };
    const [visit] = await tx
      .insert(visits)
      .values(values)
      .onConflictDoUpdate({
        target: [visits.courseId, visits.exerciseId, visits.studentId],
        targetWhere: sql`exercise_id is not null`,
        set: { source: values.source, markedBy: values.markedBy, markedAt: now },
      })
      .returning();
    return {
      visit: {
        id: visit.id,
        courseId: visit.courseId,
        lessonId: visit.lessonId,
        exerciseId: visit.exerciseId,
        exerciseLabel: found.e.label,
        studentId: found.a.id,
        firstName: found.a.firstName,
        lastName: found.a.lastName,
        source: visit.source,
        markedAt: visit.markedAt,
      },
    };
  });
}
