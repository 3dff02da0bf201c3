import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../auth/context.js';
import { invalidate, onInvalidate } from '../../cache/invalidation.js';
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
 * Every change of what they hold reaches every process at once (server/cache/invalidation.ts):
 * an expulsion (`forgetStudents`), an edit of the exercise's slides (`forgetExercise`), any
 * authoring write that may change availability — a program's lessons, exercises, constraints,
 * schedules (`forgetOnWrite` on the programs module) and a course's dates (`forgetAvailability`)
 * — and any question-bank write (`forgetOnWrite` on the questions module). Those two drop a whole
 * cache: authoring is rare beside saves, and a dropped entry costs one read. Time passing a date
 * of the course or of a schedule window ends a context's entry at that instant. Left to
 * HOT_TTL_MS: direct database edits and a student's own attribute values (attribute constraints). Slide
 * loads, the end page, finishing and every other call read afresh. The attempt is never cached:
 * the save statement checks it each time.
 */
export const HOT_TTL_MS = 60_000;

interface Caches {
  contexts: LRUCache<string, { course: CourseRow; exercise: ExerciseRow }>;
  slides: LRUCache<string, AnsweredSlide>;
  outlines: LRUCache<number, readonly unknown[]>;
  /** counts invalidations: a read that began before one is not remembered (it may hold what the change replaced) */
  generation: number;
}
const byDb = new WeakMap<Db, Caches>();
const cachesOf = (db: Db): Caches => {
  let c = byDb.get(db);
  if (!c) {
    c = { contexts: new LRUCache({ max: 20_000, ttl: HOT_TTL_MS }), slides: new LRUCache({ max: 5_000, ttl: HOT_TTL_MS }), outlines: new LRUCache({ max: 1_000, ttl: HOT_TTL_MS }), generation: 0 };
    byDb.set(db, c);
  }
  return c;
};

const dropPrefix = <V extends object>(cache: LRUCache<string, V>, prefix: string) => {
  // rare (an expulsion, a slide edit): a scan of at most `max` entries
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
};
/** Runs a drop on this database's caches, ending the reads in flight's right to fill them. */
const dropping = (drop: (c: Caches, key: string) => void) => (db: Db, key: string) => {
  const c = byDb.get(db);
  if (!c) return;
  c.generation++;
  drop(c, key);
};
onInvalidate('study:student', dropping((c, accountId) => dropPrefix(c.contexts, `${accountId}:`)));
onInvalidate('study:exercise', dropping((c, exerciseId) => {
  dropPrefix(c.slides, `${exerciseId}:`);
  c.outlines.delete(Number(exerciseId));
}));
onInvalidate('study:availability', dropping((c) => c.contexts.clear()));
onInvalidate('study:questions', dropping((c) => c.slides.clear()));

/** Every save reads its exercise's availability afresh, in every process (after an authoring change commits). */
export function forgetAvailability(db: Db): void {
  invalidate(db, 'study:availability', '*');
}

/** Every save reads its slide's question afresh, in every process (after a question-bank change commits). */
export function forgetQuestions(db: Db): void {
  invalidate(db, 'study:questions', '*');
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `forget` after every successful write of this module scope, before its answer leaves: whoever
 * saw the change acknowledged and saves next is checked against it. A write through a module that
 * holds availability or questions needs nothing more to stay correct, whatever route adds it later.
 */
export function forgetOnWrite(app: FastifyInstance, forget: (db: Db) => void): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITES.has(request.method) && reply.statusCode < 400) forget(app.db);
    done(null, payload);
  });
}

/** The students' saves read their enrolment afresh, in every process (after an expulsion commits). */
export function forgetStudents(db: Db, accountIds: readonly number[]): void {
  for (const id of new Set(accountIds)) invalidate(db, 'study:student', id);
}

/** The exercise's saves and start page read its slides afresh, in every process (after a slide edit). */
export function forgetExercise(db: Db, exerciseId: number): void {
  invalidate(db, 'study:exercise', exerciseId);
}

/** `studyContext`, remembered per (account, course, exercise) for HOT_TTL_MS; failures are not remembered. */
export async function saveContext(db: Db, user: AuthUser, rawCourseId: string, rawExerciseId: string, notFound: () => AppError): Promise<StudyContext> {
  const caches = cachesOf(db);
  const { contexts, generation } = caches;
  const key = `${user.accountId}:${rawCourseId}:${rawExerciseId}`;
  const hit = contexts.get(key);
  if (hit) return { user, ...hit };
  const now = Date.now();
  const ctx = await studyContext(db, user, rawCourseId, rawExerciseId, notFound, new Date(now));
  // kept no longer than its answer holds: a course date or schedule window passing may close it
  const ttl = ctx.openUntil ? Math.min(HOT_TTL_MS, ctx.openUntil.getTime() - now) : HOT_TTL_MS;
  if (ttl > 0 && caches.generation === generation) contexts.set(key, { course: ctx.course, exercise: ctx.exercise }, { ttl });
  return ctx;
}

/** `answeredSlide`, remembered per (exercise, slide, kind) for HOT_TTL_MS; failures are not remembered. */
export async function saveSlide(db: Db, exerciseId: number, rawSlideId: string, kind: AnswerKind): Promise<AnsweredSlide> {
  const caches = cachesOf(db);
  const { slides, generation } = caches;
  const key = `${exerciseId}:${rawSlideId}:${kind}`;
  const hit = slides.get(key);
  if (hit) return hit;
  const slide = await answeredSlide(db, exerciseId, rawSlideId, kind);
  if (caches.generation === generation) slides.set(key, slide);
  return slide;
}

/** The exercise's slide outline for the start page, remembered per exercise for HOT_TTL_MS. */
export async function startOutline<T>(db: Db, exerciseId: number, load: () => Promise<T[]>): Promise<readonly T[]> {
  const caches = cachesOf(db);
  const { outlines, generation } = caches;
  const hit = outlines.get(exerciseId) as readonly T[] | undefined;
  if (hit) return hit;
  const list = await load();
  if (caches.generation === generation) outlines.set(exerciseId, list);
  return list;
}
