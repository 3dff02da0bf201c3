import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import {
  attributeValues,
  courses,
  enrolments,
  exerciseConstraints,
  exerciseProgress,
  exercises,
  exerciseTrainingConstraints,
  favorites,
  lessons,
  schedules,
} from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { ExerciseAvailabilityRule, ExerciseProgressStatus, progressStatusText } from '../../../src/shared/enums.js';
import './messages.js';

/**
 * What a student sees of a course they study in (spec 1 §2.3 course page, spec 2 §4–5):
 * scoped lookups that answer 404 'Training not found' for a course the caller is not
 * enrolled in (status studying), and the lesson → exercise outline with statuses and the
 * availability rules applied.
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

export interface OutlineExercise {
  id: number;
  lessonId: number;
  label: string;
  description: string | null;
  isHiddenDescription: boolean;
  kind: string;
  exerciseType: number;
  availabilityRule: number;
  status: ExerciseProgressStatus;
  statusText: string;
  score: number | null;
  restarts: number;
  restartLimit: number;
  isAvailable: boolean;
  isFavorite: boolean;
  files: { title: string; address: string }[];
}

export interface OutlineLesson {
  id: number;
  number: number;
  label: string;
  /** notStarted | inProgress | completed */
  status: 'notStarted' | 'inProgress' | 'completed';
  exercises: OutlineExercise[];
}

const DONE: readonly number[] = [ExerciseProgressStatus.completed, ExerciseProgressStatus.completedWithoutVerification];

/** Completed for the availability rules: 4, 5, or 3 when the exercise completes on submission for evaluation (condition 30). */
function isDone(status: number, completionCondition: number): boolean {
  return DONE.includes(status) || (status === ExerciseProgressStatus.evaluation && completionCondition === 30);
}

/** Drops attached files missing a title or an address (spec 2 §3.3). */
export function cleanFiles(list: unknown): { title: string; address: string }[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((f): f is { title: string; address: string } => !!f && typeof f.title === 'string' && !!f.title && typeof f.address === 'string' && !!f.address)
    .map((f) => ({ title: f.title, address: f.address }));
}

/** Exercises of the course's program in order, without those limited (training constraints) to other courses. */
export async function courseExercises(db: Db, course: Pick<CourseRow, 'id' | 'programId'>) {
  const rows = await db
    .select({ e: exercises, lessonLabel: lessons.label, lessonSeq: lessons.sequence })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(
      and(
        eq(exercises.programId, course.programId),
        sql`(not exists (select 1 from ${exerciseTrainingConstraints} tc where tc."exercise_id" = ${exercises.id})
          or exists (select 1 from ${exerciseTrainingConstraints} tc where tc."exercise_id" = ${exercises.id} and tc."course_id" = ${course.id}))`,
      ),
    )
    .orderBy(asc(lessons.sequence), asc(lessons.id), asc(exercises.sequence), asc(exercises.id));
  return rows;
}

/** The lessons of the course with the caller's statuses and the availability of each exercise. */
export async function courseOutline(db: Db, course: CourseRow, accountId: number, now = new Date()): Promise<OutlineLesson[]> {
  const rows = await courseExercises(db, course);
  const allLessons = await db.select().from(lessons).where(eq(lessons.programId, course.programId)).orderBy(asc(lessons.sequence), asc(lessons.id));
  const ids = rows.map((r) => r.e.id);
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
  const sched = await db.select().from(schedules).where(and(eq(schedules.courseId, course.id), eq(schedules.affectsAccess, true)));
  const closedBySchedule = (exerciseId: number, lessonId: number) =>
    sched.some(
      (s) => (s.exerciseId === exerciseId || s.lessonId === lessonId) && (now < s.begin || (s.end !== null && now > s.end)),
    );
  // attribute constraints: open only to students whose attribute holds one of the values ('and' = all, 'or' = any)
  const constraints = ids.length ? await db.select().from(exerciseConstraints).where(inArray(exerciseConstraints.exerciseId, ids)) : [];
  const myValues = new Map<number, string[]>();
  if (constraints.length) {
    const vals = await db
      .select({ attributeId: attributeValues.attributeId, value: attributeValues.value })
      .from(attributeValues)
      .where(and(eq(attributeValues.accountId, accountId), inArray(attributeValues.attributeId, constraints.map((c) => c.attributeId)), sql`(${attributeValues.trainingId} is null or ${attributeValues.trainingId} = ${course.id})`));
    for (const v of vals) if (v.value !== null) myValues.set(v.attributeId, [...(myValues.get(v.attributeId) ?? []), ...v.value.split(';')]);
  }
  const passesConstraints = (e: { id: number; constraintUnion: string }) => {
    const mine = constraints.filter((c) => c.exerciseId === e.id);
    if (mine.length === 0) return true;
    const ok = (c: (typeof constraints)[number]) => (myValues.get(c.attributeId) ?? []).some((v) => c.values.includes(v));
    return e.constraintUnion === 'or' ? mine.some(ok) : mine.every(ok);
  };
  const courseOpen = !((course.open && now < course.open) || (course.close && now > course.close));

  const flat: OutlineExercise[] = [];
  let allPreviousDone = true;
  let previousDone = true;
  for (const { e } of rows) {
    const p = byExercise.get(e.id);
    const status = (p?.status ?? 0) as ExerciseProgressStatus;
    let available: boolean;
    switch (e.availabilityRule) {
      case ExerciseAvailabilityRule.unavailable: available = false; break;
      case ExerciseAvailabilityRule.afterAllPrevious: available = allPreviousDone; break;
      case ExerciseAvailabilityRule.afterPrevious: available = previousDone; break;
      default: available = true;
    }
    // an exercise already started stays open to finish it
    if (status !== 0 && e.availabilityRule !== ExerciseAvailabilityRule.unavailable) available = true;
    available = available && courseOpen && !closedBySchedule(e.id, e.lessonId) && passesConstraints(e);
    const done = isDone(status, e.completionCondition);
    flat.push({
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
      restarts: p?.restarts ?? 0,
      restartLimit: e.restartLimit,
      isAvailable: available,
      isFavorite: favSet.has(e.id),
      files: cleanFiles(e.downloadableFiles),
    });
    allPreviousDone = allPreviousDone && done;
    previousDone = done;
  }
  return allLessons
    .map((l, i) => {
      const ex = flat.filter((x) => x.lessonId === l.id);
      const completed = ex.length > 0 && ex.every((x) => DONE.includes(x.status));
      const started = ex.some((x) => x.status !== 0);
      return { id: l.id, number: i + 1, label: l.label, status: completed ? 'completed' : started ? 'inProgress' : 'notStarted', exercises: ex } as OutlineLesson;
    });
}

/** 'N/M completed' numbers and the percent (spec 2 §9). */
export function progressOf(outline: OutlineLesson[]) {
  const all = outline.flatMap((l) => l.exercises);
  const completed = all.filter((x) => DONE.includes(x.status)).length;
  const total = all.length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/** The next exercise to continue with: after `afterId` the first available one; without it the first available, not completed one. */
export function nextExercise(outline: OutlineLesson[], afterId?: number) {
  const all = outline.flatMap((l) => l.exercises);
  if (afterId !== undefined) {
    const i = all.findIndex((x) => x.id === afterId);
    if (i < 0) throw exerciseNotFound();
    return all.slice(i + 1).find((x) => x.isAvailable) ?? null;
  }
  return all.find((x) => x.isAvailable && !DONE.includes(x.status)) ?? null;
}
