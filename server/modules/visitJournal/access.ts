import { and, asc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, enrolments, exercises, groups, lessons } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { lessonShownInCourse, shownInCourse } from '../learning/availability.js';
import { studentScope, type CourseAccess, type CourseRow } from '../courses/access.js';
import './messages.js';

/**
 * What a visit-journal call reaches through its course: the course's lessons and exercises (those
 * the course shows: its program's, not limited to other courses) and its studying students (a tutor
 * only their assigned ones, courses/access.ts studentScope). Anything else is 404, so ids of other
 * courses tell nothing.
 */
export const lessonNotFound = () => notFound('LessonNotFound', { title: 'visitJournal.lessonNotFound' });
export const exerciseNotFound = () => notFound('ExerciseNotFound', { title: 'visitJournal.exerciseNotFound' });
export const studentNotFound = () => notFound('StudentNotFound', { title: 'visitJournal.studentNotFound' });
export const groupNotFound = () => notFound('GroupNotFound', { title: 'visitJournal.groupNotFound' });
/** spec 2 §6: a visit mark needs a lesson or an exercise id (the client sends none, 0 or 'undefined') */
export const targetMissing = () => new AppError(400, 'VisitTargetMissing', { title: 'visitJournal.targetMissing', description: 'visitJournal.targetMissing' });

export type LessonRow = typeof lessons.$inferSelect;
export type ExerciseRow = typeof exercises.$inferSelect;

/** The lessons the course shows, in program order. */
export function courseLessons(db: Db, course: CourseRow) {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.programId, course.programId), lessonShownInCourse(lessons.constraints, course.id)))
    .orderBy(asc(lessons.sequence), asc(lessons.id));
}

/** The exercises the course shows (of one lesson, or all), in program order. */
export function courseExercises(db: Db, course: CourseRow, lessonId?: number) {
  return db
    .select({ e: exercises })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(and(eq(exercises.programId, course.programId), lessonId !== undefined ? eq(exercises.lessonId, lessonId) : undefined, shownInCourse(exercises.id, lessons.constraints, course.id)))
    .orderBy(asc(lessons.sequence), asc(lessons.id), asc(exercises.sequence), asc(exercises.id))
    .then((rows) => rows.map((r) => r.e));
}

export async function courseLesson(db: Db, course: CourseRow, raw: string | number): Promise<LessonRow> {
  const id = parseIntId(raw);
  if (id === null) throw lessonNotFound();
  const [row] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.programId, course.programId), lessonShownInCourse(lessons.constraints, course.id)))
    .limit(1);
  if (!row) throw lessonNotFound();
  return row;
}

export async function courseExercise(db: Db, course: CourseRow, raw: string | number): Promise<ExerciseRow> {
  const id = parseIntId(raw);
  if (id === null) throw exerciseNotFound();
  const [row] = await db
    .select({ e: exercises })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(and(eq(exercises.id, id), eq(exercises.programId, course.programId), shownInCourse(exercises.id, lessons.constraints, course.id)))
    .limit(1);
  if (!row) throw exerciseNotFound();
  return row.e;
}

/** A studying student of the course the caller may mark (a tutor: an assigned one). */
export async function courseStudent(db: Db, access: CourseAccess, user: AuthUser, raw: string | number) {
  const id = parseIntId(raw);
  if (id === null) throw studentNotFound();
  const [row] = await db
    .select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
    .where(and(eq(enrolments.courseId, access.course.id), eq(enrolments.accountId, id), eq(enrolments.status, 1), studentScope(access, user, enrolments.accountId)))
    .limit(1);
  if (!row) throw studentNotFound();
  return row;
}

/** A group filter of a view: 0 = students without a group; another id must be a group of the course. */
export async function checkGroup(db: Db, course: CourseRow, groupId: number | null | undefined): Promise<void> {
  if (!groupId) return;
  const [row] = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.id, groupId), eq(groups.courseId, course.id))).limit(1);
  if (!row) throw groupNotFound();
}

/** A mark's lesson or exercise id from a path or body: missing or malformed is the spec's 400, not a 404. */
export function targetId(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return parseIntId(raw);
}
