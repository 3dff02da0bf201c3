import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courses, enrolments, exercises, exerciseTrainingConstraints, lessons } from '../../db/schema/index.js';
import { parseIntId } from '../../resources/records.js';
import { AppError } from '../../errors.js';

export type CourseRow = typeof courses.$inferSelect;
export type ExerciseRow = typeof exercises.$inferSelect;

export interface StudyContext {
  user: AuthUser;
  course: CourseRow;
  exercise: ExerciseRow;
}

/** The 404 of each call (spec 3 §8.4 / §8.3 texts). */
export const loadNotFound = () => new AppError(404, 'NotFound', { title: 'study.loadNotFound' });
export const saveNotFound = () => new AppError(404, 'NotFound', { title: 'study.saveNotFound' });
export const restartNotFound = () => new AppError(404, 'NotFound', { title: 'study.restartNotFound' });
export const sessionNotFound = () => new AppError(400, '16', { title: 'study.sessionNotFound' });
export const timeExpired = () => new AppError(400, '17', { title: 'study.timeExpired' });

/**
 * The course (the caller is enrolled in it and studying) and the exercise (of the course's
 * program, not limited to other courses); `notFound` otherwise — the same answer whether the
 * course does not exist or is not the caller's.
 */
export async function studyContext(
  db: Db,
  user: AuthUser,
  rawCourseId: string,
  rawExerciseId: string,
  notFound: () => AppError,
): Promise<StudyContext> {
  const courseId = parseIntId(rawCourseId);
  const exerciseId = parseIntId(rawExerciseId);
  if (courseId === null || exerciseId === null) throw notFound();
  // one round trip (every save of an exam goes through it): the course the caller studies in and
  // the exercise of its program with a lesson, not limited to other courses (as courseExercises)
  const [row] = await db
    .select({ c: courses, e: exercises })
    .from(courses)
    .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1)))
    .innerJoin(exercises, and(eq(exercises.id, exerciseId), eq(exercises.programId, courses.programId)))
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(
      and(
        eq(courses.id, courseId),
        sql`(not exists (select 1 from ${exerciseTrainingConstraints} tc where tc."exercise_id" = ${exercises.id})
          or exists (select 1 from ${exerciseTrainingConstraints} tc where tc."exercise_id" = ${exercises.id} and tc."course_id" = ${courses.id}))`,
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return { user, course: row.c, exercise: row.e };
}
