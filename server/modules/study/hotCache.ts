import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import type { AppError } from '../../errors.js';
import type { AnswerKind } from '../../../shared/calls/study/answers.js';
import { answeredSlide, type AnsweredSlide } from './answers.js';
import { studyContext, type CourseRow, type ExerciseRow, type StudyContext } from './context.js';

/**
 * Short-lived in-process memory of what every answer save reads and an exam does not change:
 * the student's course and exercise (enrolment, program and the exercise's availability checked)
 * and the answered slide with its grading data, and the exercise's slide outline the start page lists (the same for all its
 * students). Planning those queries was most of a save's database time on PGlite.
 * The trade-off: an expulsion, a change of the exercise's availability (rule, dates, schedule,
 * constraints), or an instructor's edit of a slide or its question, reaches saves and the start
 * page within HOT_TTL_MS. Slide loads, the end page, finishing and every
 * other call read afresh. The attempt is never cached: the save statement checks it each time.
 */
export const HOT_TTL_MS = 10_000;

interface Caches {
  contexts: LRUCache<string, { course: CourseRow; exercise: ExerciseRow }>;
  slides: LRUCache<string, AnsweredSlide>;
  outlines: LRUCache<number, readonly unknown[]>;
}
const byDb = new WeakMap<Db, Caches>();
const cachesOf = (db: Db): Caches => {
  let c = byDb.get(db);
  if (!c) {
    c = { contexts: new LRUCache({ max: 20_000, ttl: HOT_TTL_MS }), slides: new LRUCache({ max: 5_000, ttl: HOT_TTL_MS }), outlines: new LRUCache({ max: 1_000, ttl: HOT_TTL_MS }) };
    byDb.set(db, c);
  }
  return c;
};

/** `studyContext`, remembered per (account, course, exercise) for HOT_TTL_MS; failures are not remembered. */
export async function saveContext(db: Db, user: AuthUser, rawCourseId: string, rawExerciseId: string, notFound: () => AppError): Promise<StudyContext> {
  const { contexts } = cachesOf(db);
  const key = `${user.accountId}:${rawCourseId}:${rawExerciseId}`;
  const hit = contexts.get(key);
  if (hit) return { user, ...hit };
  const ctx = await studyContext(db, user, rawCourseId, rawExerciseId, notFound);
  contexts.set(key, { course: ctx.course, exercise: ctx.exercise });
  return ctx;
}

/** `answeredSlide`, remembered per (exercise, slide, kind) for HOT_TTL_MS; failures are not remembered. */
export async function saveSlide(db: Db, exerciseId: number, rawSlideId: string, kind: AnswerKind): Promise<AnsweredSlide> {
  const { slides } = cachesOf(db);
  const key = `${exerciseId}:${rawSlideId}:${kind}`;
  const hit = slides.get(key);
  if (hit) return hit;
  const slide = await answeredSlide(db, exerciseId, rawSlideId, kind);
  slides.set(key, slide);
  return slide;
}

/** The exercise's slide outline for the start page, remembered per exercise for HOT_TTL_MS. */
export async function startOutline<T>(db: Db, exerciseId: number, load: () => Promise<T[]>): Promise<readonly T[]> {
  const { outlines } = cachesOf(db);
  const hit = outlines.get(exerciseId) as readonly T[] | undefined;
  if (hit) return hit;
  const list = await load();
  outlines.set(exerciseId, list);
  return list;
}
