import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courses, enrolments, exercises, lessons } from '../../db/schema/index.js';
import { exerciseAccessUntil, shownInCourse } from '../learning/availability.js';
import { parseIntId } from '../../resources/records.js';
import { AppError } from '../../errors.js';

export type CourseRow = typeof courses.$inferSelect;
export type ExerciseRow = typeof exercises.$inferSelect;

export interface StudyContext {
  user: AuthUser;
  course: CourseRow;
  exercise: ExerciseRow;
  /** when time alone may change the exercise's availability (a date or schedule boundary); null: never */
  openUntil?: Date | null;
}

/** The 404 of each call (spec 3 §8.4 / §8.3 texts). */
export const loadNotFound = () => new AppError(404, 'NotFound', { title: 'study.loadNotFound' });
export const saveNotFound = () => new AppError(404, 'NotFound', { title: 'study.saveNotFound' });
export const restartNotFound = () => new AppError(404, 'NotFound', { title: 'study.restartNotFound' });
export const sessionNotFound = () => new AppError(400, '16', { title: 'study.sessionNotFound' });
export const timeExpired = () => new AppError(400, '17', { title: 'study.timeExpired' });
/** The exercise is locked for the caller now (spec 3 §8.10 'exercise no access', code 15). */
export const exerciseNoAccess = () => new AppError(403, '15', { title: 'study.exerciseNoAccess' });

/**
 * The course (the caller is enrolled in it and studying) and the exercise (of the course's
 * program, shown in the course); `notFound` otherwise — the same answer whether the course
 * does not exist or is not the caller's. Then the exercise must be open to the caller now
 * (learning/availability.ts: rules, dates, schedules, constraints), else 403.15: every study
 * call goes through here, so none reaches a locked exercise.
 */
export async function studyContext(
  db: Db,
  user: AuthUser,
  rawCourseId: string,
  rawExerciseId: string,
  notFound: () => AppError,
  now = new Date(),
): Promise<StudyContext> {
  const courseId = parseIntId(rawCourseId);
  const exerciseId = parseIntId(rawExerciseId);
  if (courseId === null || exerciseId === null) throw notFound();
  // one round trip (every save of an exam goes through it): the course the caller studies in and
  // the exercise of its program with a lesson, shown in the course (as the course page lists them)
  const [row] = await db
    .select({ c: courses, e: exercises })
    .from(courses)
    .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1)))
    .innerJoin(exercises, and(eq(exercises.id, exerciseId), eq(exercises.programId, courses.programId)))
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(and(eq(courses.id, courseId), shownInCourse(exercises.id, lessons.constraints, courses.id)))
    .limit(1);
  if (!row) throw notFound();
  const { access, until } = await exerciseAccessUntil(db, row.c, user.accountId, row.e.id, now);
  if (access === 'hidden') throw notFound();
  if (access === 'locked') throw exerciseNoAccess();
  return { user, course: row.c, exercise: row.e, openUntil: until };
}
