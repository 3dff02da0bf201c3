import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../auth/context.js';
import { invalidate, onInvalidate } from '../../cache/invalidation.js';
import type { Db } from '../../db/client.js';
import type { AppError } from '../../errors.js';
import type { AnswerKind } from '../../../shared/calls/study/answers.js';
import { answeredSlide, type AnsweredSlide } from './answers.js';
import { exerciseNoAccess, type CourseRow, type ExerciseRow, type StudyContext } from './context.js';
import { accessUntil, courseStructure, factsOf, studentStanding, type CourseStructure } from '../learning/availability.js';
import { courses } from '../../db/schema/index.js';
import { parseIntId } from '../../resources/records.js';

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
  /** course → its row and what its exercises' availability rests on for every student (courseStructure) */
  courses: LRUCache<number, { course: CourseRow; structure: CourseStructure }>;
  slides: LRUCache<string, AnsweredSlide>;
  outlines: LRUCache<number, readonly unknown[]>;
  /** counts invalidations: a read that began before one is not remembered (it may hold what the change replaced) */
  generation: number;
}
const byDb = new WeakMap<Db, Caches>();
const cachesOf = (db: Db): Caches => {
  let c = byDb.get(db);
  if (!c) {
    c = { contexts: new LRUCache({ max: 20_000, ttl: HOT_TTL_MS }), courses: new LRUCache({ max: 1_000, ttl: HOT_TTL_MS }), slides: new LRUCache({ max: 5_000, ttl: HOT_TTL_MS }), outlines: new LRUCache({ max: 1_000, ttl: HOT_TTL_MS }), generation: 0 };
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
onInvalidate('study:availability', dropping((c) => {
  c.contexts.clear();
  c.courses.clear();
}));
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

/**
 * `studyContext`, remembered per (account, course, exercise) for HOT_TTL_MS; failures are not remembered.
 * A student's first call (an exam's start: hundreds at once) reads one row: the course's part — its
 * row, its exercises and what their availability rests on — is remembered per course under the
 * same invalidations, and the student's standing (enrolment, progress, attribute values) is one query.
 */
export async function saveContext(db: Db, user: AuthUser, rawCourseId: string, rawExerciseId: string, notFound: () => AppError): Promise<StudyContext> {
  const caches = cachesOf(db);
  const { contexts, generation } = caches;
  const key = `${user.accountId}:${rawCourseId}:${rawExerciseId}`;
  const hit = contexts.get(key);
  if (hit) return { user, ...hit };
  const now = Date.now();
  const courseId = parseIntId(rawCourseId);
  const exerciseId = parseIntId(rawExerciseId);
  if (courseId === null || exerciseId === null) throw notFound();
  const shape = await courseShape(db, courseId);
  const exercise = shape?.structure.rows.get(exerciseId);
  if (!shape || !exercise) throw notFound();
  const standing = await studentStanding(db, courseId, user.accountId, shape.structure.attributeIds);
  if (!standing.enrolled) throw notFound();
  // the same rule as studyContext: hidden is 404, locked 403.15
  const { access, until } = accessUntil(factsOf(shape.course, shape.structure, standing), exerciseId, new Date(now));
  if (access === 'hidden') throw notFound();
  if (access === 'locked') throw exerciseNoAccess();
  const ctx: StudyContext = { user, course: shape.course, exercise, openUntil: until };
  // kept no longer than its answer holds: a course date or schedule window passing may close it
  const ttl = until ? Math.min(HOT_TTL_MS, until.getTime() - now) : HOT_TTL_MS;
  if (ttl > 0 && caches.generation === generation) contexts.set(key, { course: ctx.course, exercise: ctx.exercise }, { ttl });
  return ctx;
}

/** The course's row and structure, remembered per course for HOT_TTL_MS; null when there is no such course. */
async function courseShape(db: Db, courseId: number): Promise<{ course: CourseRow; structure: CourseStructure } | null> {
  const caches = cachesOf(db);
  const { generation } = caches;
  const hit = caches.courses.get(courseId);
  if (hit) return hit;
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) return null;
  const shape = { course, structure: await courseStructure(db, course) };
  if (caches.generation === generation) caches.courses.set(courseId, shape);
  return shape;
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
