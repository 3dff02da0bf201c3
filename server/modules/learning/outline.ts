import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courses, enrolments, exerciseProgress, exercises, favorites, lessons } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { ExerciseProgressStatus, progressStatusText } from '../../../shared/enums.js';
import type { AttachedFile, CourseExercise, CourseLesson } from '../../../shared/learning.js';
import { availabilityFacts, availableExercises, DONE_STATUSES, lessonShownInCourse, shownInCourse } from './availability.js';
import './messages.js';

/**
 * What a student sees of a course they study in (spec 1 §2.3 course page, spec 2 §4–5):
 * scoped lookups that answer 404 'Training not found' for a course the caller is not
 * enrolled in (status studying), and the lesson → exercise outline with statuses and the
 * availability of each exercise (availability.ts).
 */
export type CourseRow = typeof courses.$inferSelect;

export const trainingNotFound = () => notFound('TrainingNotFound', { title: 'learning.trainingNotFound' });
export const exerciseNotFound = () => notFound('ExerciseNotFound', { title: 'learning.exerciseNotFound' });

/** The course when the caller studies in it (enrolment status 1); 404 otherwise. */
export async function loadMyCourse(db: Db, user: AuthUser, rawId: string | number | undefined): Promise<CourseRow> {
  const id = parseIntId(rawId);
  if (id === null) throw trainingNotFound();
  const [row] = await db
    .select({ c: courses })
    .from(courses)
    .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1)))
    .where(eq(courses.id, id))
    .limit(1);
  if (!row) throw trainingNotFound();
  return row.c;
}

/** Ids of the courses the caller studies in, as a subquery. */
export const myStudyCourseIds = (accountId: number) =>
  sql`(select e."course_id" from "enrolments" e where e."account_id" = ${accountId} and e."status" = 1)`;

/** An exercise of the outline: what the lessons call answers, and whether its description is hidden (the call then sends null). */
export interface OutlineExercise extends CourseExercise {
  isHiddenDescription: boolean;
}

export interface OutlineLesson extends Omit<CourseLesson, 'exercises'> {
  exercises: OutlineExercise[];
}

/** Drops attached files missing a title or an address (spec 2 §3.3). */
export function cleanFiles(list: unknown): AttachedFile[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((f): f is AttachedFile => !!f && typeof f.title === 'string' && !!f.title && typeof f.address === 'string' && !!f.address)
    .map((f) => ({ title: f.title, address: f.address }));
}

/** Exercises the course shows (of its program, neither they nor their lesson limited to other courses), in order. */
export async function courseExercises(db: Db, course: Pick<CourseRow, 'id' | 'programId'>) {
  const rows = await db
    .select({ e: exercises, lessonLabel: lessons.label, lessonSeq: lessons.sequence })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(and(eq(exercises.programId, course.programId), shownInCourse(exercises.id, lessons.constraints, course.id)))
    .orderBy(asc(lessons.sequence), asc(lessons.id), asc(exercises.sequence), asc(exercises.id));
  return rows;
}

/** The lessons of the course with the caller's statuses and the availability of each exercise. */
export async function courseOutline(db: Db, course: CourseRow, accountId: number, now = new Date()): Promise<OutlineLesson[]> {
  const rows = await courseExercises(db, course);
  const ids = rows.map((r) => r.e.id);
  // lessons limited to other courses are not shown (nor their exercises, see shownInCourse)
  const allLessons = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.programId, course.programId), lessonShownInCourse(lessons.constraints, course.id)))
    .orderBy(asc(lessons.sequence), asc(lessons.id));
  const progress = ids.length
    ? await db
        .select()
        .from(exerciseProgress)
        .where(and(eq(exerciseProgress.accountId, accountId), eq(exerciseProgress.courseId, course.id), inArray(exerciseProgress.exerciseId, ids)))
    : [];
  const byExercise = new Map(progress.map((p) => [p.exerciseId, p]));
  const favs = await db
    .select({ exerciseId: favorites.exerciseId })
    .from(favorites)
    .where(and(eq(favorites.accountId, accountId), eq(favorites.courseId, course.id), sql`${favorites.exerciseId} is not null`));
  const favSet = new Set(favs.map((f) => f.exerciseId));
  const open = availableExercises(await availabilityFacts(db, course, accountId), now);

  const flat: OutlineExercise[] = rows.map(({ e }) => {
    const p = byExercise.get(e.id);
    const status = (p?.status ?? 0) as ExerciseProgressStatus;
    return {
      id: e.id,
      lessonId: e.lessonId,
      label: e.label,
      description: e.description,
      isHiddenDescription: e.isHiddenDescription,
      kind: e.kind,
      exerciseType: e.exerciseType,
      availabilityRule: e.availabilityRule,
      status,
      statusText: progressStatusText(status),
      score: p?.score ?? null,
      failed: p?.failed ?? false,
      restarts: p?.restarts ?? 0,
      restartLimit: e.restartLimit,
      isAvailable: open.has(e.id),
      isFavorite: favSet.has(e.id),
      files: cleanFiles(e.downloadableFiles),
    };
  });
  return allLessons
    .map((l, i) => {
      const ex = flat.filter((x) => x.lessonId === l.id);
      const completed = ex.length > 0 && ex.every(isCompleted);
      // handed in to the last one, some awaiting the instructor's check: not "in progress" for the student
      const submitted = ex.length > 0 && ex.every((x) => isCompleted(x) || inReview(x)) && ex.some(inReview);
      const started = ex.some((x) => x.status !== 0);
      const status = completed ? 'completed' : submitted ? 'submitted' : started ? 'inProgress' : 'notStarted';
      return { id: l.id, number: i + 1, label: l.label, status, exercises: ex } as OutlineLesson;
    });
}

/** Completed for the lesson and the course's progress: done, and not a failed SCORM result (courseProgress.ts counts alike). */
const isCompleted = (x: Pick<CourseExercise, 'status' | 'failed'>) => DONE_STATUSES.includes(x.status) && !x.failed;

/** Handed in and awaiting an instructor's check. */
const inReview = (x: Pick<CourseExercise, 'status'>) => x.status === ExerciseProgressStatus.evaluation;

/** 'N/M completed' numbers and the percent (spec 2 §9), and how many are handed in awaiting a check. */
export function progressOf(outline: OutlineLesson[]) {
  const all = outline.flatMap((l) => l.exercises);
  const completed = all.filter(isCompleted).length;
  const total = all.length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100), inReview: all.filter(inReview).length };
}

/**
 * The next exercise to continue with: after `afterId` the first available one; without it the first
 * available one not completed (a failed SCORM result is not: Continue leads back to it).
 */
export function nextExercise(outline: OutlineLesson[], afterId?: number) {
  const all = outline.flatMap((l) => l.exercises);
  if (afterId !== undefined) {
    const i = all.findIndex((x) => x.id === afterId);
    if (i < 0) throw exerciseNotFound();
    return all.slice(i + 1).find((x) => x.isAvailable) ?? null;
  }
  return all.find((x) => x.isAvailable && !isCompleted(x)) ?? null;
}
