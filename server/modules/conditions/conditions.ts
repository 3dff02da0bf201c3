import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  APPLICATION_KINDS,
  CONDITION_EVENTS,
  CONDITION_KINDS,
  conditionCalls as calls,
  type applicationConditionInput,
  type documentConditionInput,
  type stateConditionInput,
} from '../../../shared/calls/conditions.js';
import { PredicateKind, TaskType } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { accountPrincipal, currentUser, type AuthUser } from '../../auth/context.js';
import { allows } from '../../../shared/permissions.js';
import type { TaskContext } from '../../jobs/index.js';
import type { Db } from '../../db/client.js';
import { courses, exercises, lessons, predicates } from '../../db/schema/index.js';
import { AppError, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { coursesAllowing, loadCourse, loadCourseAccess, visibleCoursesWhere, type CourseRow } from '../courses/access.js';
import { executeCondition, holdingFor, payloadOf, type ConditionPayload, type PredicateRow } from './engine.js';
import { conditionNotFound, conditionRecords, loadCondition } from './records.js';

/** A condition runs inline for at most this many students; beyond, as a task (its progress in the task queue). */
export const EXECUTE_INLINE_LIMIT = 200;

type StateInput = z.output<typeof stateConditionInput>;
type ApplicationInput = z.output<typeof applicationConditionInput>;
type DocumentInput = z.output<typeof documentConditionInput>;
type AnyInput = StateInput | ApplicationInput | DocumentInput;

const unique = (ids: number[]) => [...new Set(ids)];

/** The ids of `exerciseIds` / `lessonIds` that are not of the program (a template or a copy maps by these ids). */
export async function missingLinks(db: Db, programId: number, exerciseIds: number[], lessonIds: number[]): Promise<{ exercises: number[]; lessons: number[] }> {
  const [ex, ls] = await Promise.all([
    exerciseIds.length ? db.select({ id: exercises.id }).from(exercises).where(and(eq(exercises.programId, programId), inArray(exercises.id, exerciseIds))) : [],
    lessonIds.length ? db.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.programId, programId), inArray(lessons.id, lessonIds))) : [],
  ]);
  const haveEx = new Set(ex.map((r) => r.id));
  const haveLs = new Set(ls.map((r) => r.id));
  return { exercises: exerciseIds.filter((id) => !haveEx.has(id)), lessons: lessonIds.filter((id) => !haveLs.has(id)) };
}

/** 400 on the field when a linked exercise or lesson is not of the course's program. */
async function checkLinks(db: Db, course: CourseRow, exerciseIds: number[], lessonIds: number[], lang: Lang) {
  const missing = await missingLinks(db, course.programId, exerciseIds, lessonIds);
  const fields: Record<string, string> = {};
  if (missing.exercises.length) fields.exerciseIds = translate(lang, 'conditions.notInProgram', { ids: missing.exercises.join(', ') });
  if (missing.lessons.length) fields.lessonIds = translate(lang, 'conditions.notInProgram', { ids: missing.lessons.join(', ') });
  if (Object.keys(fields).length) throw validationError(fields);
}

/** Whether an enrolment may lead to `targetId`: another course whose students the caller manages. */
export async function targetAllowed(db: Db, user: Pick<AuthUser, 'accountId' | 'role'>, course: { id: number }, targetId: number | null | undefined): Promise<boolean> {
  if (!targetId || targetId === course.id) return false;
  return (await coursesAllowing(db, user, [targetId], 'manageStudents')).has(targetId);
}

/** The kind's fields and the event's parameters, as the payload keeps them. */
function payloadFrom(kind: PredicateKind, v: AnyInput): ConditionPayload {
  const event = { minScorePercent: v.minScorePercent ?? null, date: v.eventType === 'deadlineMissed' ? (v.date ?? null) : null };
  if (kind === PredicateKind.state) return { ...event, state: (v as StateInput).state };
  if (kind === PredicateKind.documentGeneration) return { ...event, title: (v as DocumentInput).title };
  const a = v as ApplicationInput;
  return { ...event, application: a.application, targetCourseId: a.application === 'enrolment' ? (a.targetCourseId ?? null) : null, approve: a.approve, reason: a.reason ?? null };
}

/** The next place at the end of the course's order. */
export async function nextSequence(db: Db, courseId: number): Promise<number> {
  const [{ last }] = await db.select({ last: max(predicates.sequence) }).from(predicates).where(eq(predicates.courseId, courseId));
  return (last ?? -1) + 1;
}

/** The predicate calls of a course (spec 3 §7.9 "Predicates") and GET /api/instructors/predicate/{id}/info. */
export function registerConditionRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const records = async (rows: PredicateRow[], lang: Lang) => conditionRecords(db, rows, lang);
  const one = async (row: PredicateRow, lang: Lang) => (await records([row], lang))[0];
  const ofCourse = (courseId: number) => db.select().from(predicates).where(eq(predicates.courseId, courseId)).orderBy(asc(predicates.sequence), asc(predicates.id));

  route(fastify, calls.description, async (request) => records(await ofCourse(courseOf(request).course.id), requestLang(request)));

  route(fastify, calls.info, async (request) => {
    const user = currentUser(request);
    const id = Number(request.params.id);
    const [row] = /^\d{1,10}$/.test(request.params.id) && id <= 2_147_483_647 ? await db.select().from(predicates).where(eq(predicates.id, id)) : [];
    if (!row) throw conditionNotFound();
    // a condition of a course the caller is not staff of does not exist for them
    await loadCourse(db, user, row.courseId, 'view').catch(() => {
      throw conditionNotFound();
    });
    return one(row, requestLang(request));
  });

  route(fastify, calls.attributes, async (request) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const lessonRows = await db.select({ id: lessons.id, label: lessons.label }).from(lessons).where(eq(lessons.programId, course.programId)).orderBy(asc(lessons.sequence), asc(lessons.id));
    const exRows = await db
      .select({ id: exercises.id, label: exercises.label, lessonId: exercises.lessonId, exerciseType: exercises.exerciseType })
      .from(exercises)
      .where(eq(exercises.programId, course.programId))
      .orderBy(asc(exercises.sequence), asc(exercises.id));
    const others = await db.select({ id: courses.id, label: courses.label }).from(courses).where(and(ne(courses.id, course.id), visibleCoursesWhere(user))).orderBy(asc(courses.label), asc(courses.id)).limit(2000);
    const allowed = await coursesAllowing(db, user, others.map((c) => c.id), 'manageStudents');
    const states = await db.selectDistinct({ state: sql<string>`${predicates.payload}->>'state'` }).from(predicates).where(and(eq(predicates.courseId, course.id), eq(predicates.kind, PredicateKind.state)));
    return {
      kinds: [...CONDITION_KINDS],
      events: [...CONDITION_EVENTS],
      applications: [...APPLICATION_KINDS],
      lessons: lessonRows.map((l) => ({ ...l, exercises: exRows.filter((e) => e.lessonId === l.id).map(({ id, label, exerciseType }) => ({ id, label, exerciseType })) })),
      targetCourses: others.filter((c) => allowed.has(c.id)),
      states: states.map((s) => s.state).filter(Boolean).sort(),
    };
  });

  /** Create and edit of one kind: the links of the program, an enrolment target the caller manages. */
  const save = async (kind: PredicateKind, course: CourseRow, user: AuthUser, v: AnyInput, lang: Lang, existing?: PredicateRow) => {
    const exerciseIds = unique(v.exerciseIds);
    const lessonIds = unique(v.lessonIds);
    await checkLinks(db, course, exerciseIds, lessonIds, lang);
    if (kind === PredicateKind.application) {
      const a = v as ApplicationInput;
      if (a.application === 'enrolment' && !(await targetAllowed(db, user, course, a.targetCourseId))) throw validationError({ targetCourseId: translate(lang, 'conditions.targetCourse') });
    }
    const values = { label: v.label, eventType: v.eventType, exerciseIds, lessonIds, payload: payloadFrom(kind, v) as Record<string, unknown> };
    const [row] = existing
      ? await db.update(predicates).set(values).where(eq(predicates.id, existing.id)).returning()
      : await db.insert(predicates).values({ ...values, kind, courseId: course.id, sequence: await nextSequence(db, course.id), createdBy: user.accountId }).returning();
    return one(row, lang);
  };

  for (const [kind, create, edit] of [
    [PredicateKind.state, calls.createState, calls.editState],
    [PredicateKind.application, calls.createApplication, calls.editApplication],
    [PredicateKind.documentGeneration, calls.createDocument, calls.editDocument],
  ] as const) {
    route(fastify, create, async (request, reply) => {
      const record = await save(kind, courseOf(request).course, currentUser(request), request.body, requestLang(request));
      return reply.status(201).send(record);
    });
    route(fastify, edit, async (request) => {
      const { course } = courseOf(request);
      const row = await loadCondition(db, course.id, request.params.predicateId);
      if (row.kind !== kind) throw new AppError(400, 'PredicateKindMismatch', { title: 'conditions.otherKind' });
      return save(kind, course, currentUser(request), request.body, requestLang(request), row);
    });
  }

  for (const [call, include] of [[calls.includeExercises, true], [calls.excludeExercises, false]] as const) {
    route(fastify, call, async (request) => {
      const { course } = courseOf(request);
      const lang = requestLang(request);
      const row = await loadCondition(db, course.id, request.params.predicateId);
      const { exerciseIds, lessonIds } = request.body;
      if (include) await checkLinks(db, course, exerciseIds, lessonIds, lang);
      const next = include
        ? { exerciseIds: unique([...row.exerciseIds, ...exerciseIds]), lessonIds: unique([...row.lessonIds, ...lessonIds]) }
        : { exerciseIds: row.exerciseIds.filter((id) => !exerciseIds.includes(id)), lessonIds: row.lessonIds.filter((id) => !lessonIds.includes(id)) };
      if (!next.exerciseIds.length && !next.lessonIds.length) throw validationError({ exerciseIds: translate(lang, 'conditions.linkRequired') });
      const [updated] = await db.update(predicates).set(next).where(eq(predicates.id, row.id)).returning();
      return one(updated, lang);
    });
  }

  route(fastify, calls.sequence, async (request) => {
    const { course } = courseOf(request);
    const lang = requestLang(request);
    const rows = await ofCourse(course.id);
    const wanted = request.body.predicateIds;
    const mine = new Set(rows.map((r) => r.id));
    if (wanted.length !== rows.length || new Set(wanted).size !== wanted.length || wanted.some((id) => !mine.has(id))) {
      throw validationError({ predicateIds: translate(lang, 'conditions.sequenceMismatch') });
    }
    await db.transaction(async (tx) => {
      for (const [i, id] of wanted.entries()) await tx.update(predicates).set({ sequence: i }).where(eq(predicates.id, id));
    });
    return records(await ofCourse(course.id), lang);
  });

  route(fastify, calls.execute, async (request) => {
    const { course } = courseOf(request);
    const user = currentUser(request);
    const row = await loadCondition(db, course.id, request.params.predicateId);
    const now = new Date();
    const ids = await holdingFor(db, row, course, now);
    if (ids.length <= EXECUTE_INLINE_LIMIT) return { fired: (await executeCondition(db, row, course, now, undefined, ids)).fired, taskId: null };
    // a document per student is the spec's "certificate generation" job; states and applications "recalculating course end"
    const type = row.kind === PredicateKind.documentGeneration ? TaskType.certificateGeneration : TaskType.recalculateCourseEnd;
    await fastify.jobs.ready();
    const task = await db.transaction((tx) => fastify.jobs.enqueueTask(tx, { type, courseId: course.id, payload: { predicateId: row.id }, createdBy: user.accountId }));
    return { fired: null, taskId: task.id };
  });

  route(fastify, calls.copy, async (request, reply) => {
    const { course } = courseOf(request);
    const user = currentUser(request);
    const lang = requestLang(request);
    const row = await loadCondition(db, course.id, request.params.predicateId);
    const target = request.body.trainingId && request.body.trainingId !== course.id ? await loadCourse(db, user, request.body.trainingId, 'settings') : course;
    if (target.programId !== course.programId) throw validationError({ trainingId: translate(lang, 'conditions.otherProgram') });
    const p = payloadOf(row);
    if (row.kind === PredicateKind.application && p.application === 'enrolment' && !(await targetAllowed(db, user, target, p.targetCourseId))) {
      throw validationError({ trainingId: translate(lang, 'conditions.targetCourse') });
    }
    const label = target.id === course.id ? `${row.label ?? ''} ${translate(lang, 'conditions.copySuffix')}`.trim() : (row.label ?? '');
    const [copy] = await db
      .insert(predicates)
      .values({ courseId: target.id, kind: row.kind, label, eventType: row.eventType, exerciseIds: row.exerciseIds, lessonIds: row.lessonIds, payload: row.payload, sequence: await nextSequence(db, target.id), createdBy: user.accountId })
      .returning();
    return reply.status(201).send(await one(copy, lang));
  });

  route(fastify, calls.remove, async (request) => {
    const { course } = courseOf(request);
    const row = await loadCondition(db, course.id, request.params.predicateId);
    await db.delete(predicates).where(eq(predicates.id, row.id));
    return { ok: true as const };
  });
}

/**
 * The task that runs a condition for a large course (types 4 and 7): as its author would run the
 * call, with their rights checked when it starts; a deleted condition does nothing.
 */
export function registerConditionTasks(fastify: FastifyInstance): void {
  const handler = async (ctx: TaskContext) => {
    const { predicateId } = ctx.task.params as { predicateId?: number };
    const [row] = predicateId ? await ctx.db.select().from(predicates).where(eq(predicates.id, predicateId)) : [];
    if (!row) return;
    const author = ctx.task.createdBy === null ? null : await accountPrincipal(ctx.db, ctx.task.createdBy);
    if (!author || !allows(author, calls.execute.rule)) throw new Error('The task’s author may no longer run the course’s conditions');
    const { course } = await loadCourseAccess(ctx.db, author, row.courseId, calls.execute.course.action);
    const result = await executeCondition(ctx.db, row, course, new Date(), (done, total) => ctx.checkpoint(done, total));
    ctx.count({ fired: result.fired, ...(result.failed ? { failed: result.failed } : {}) });
  };
  fastify.jobs.handle(TaskType.recalculateCourseEnd, handler);
  fastify.jobs.handle(TaskType.certificateGeneration, handler);
}
