import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lessonConstraintsInput, lessonInput, programPaths as P, type LessonConstraints } from '../../../shared/programs.js';
import type { Db } from '../../db/client.js';
import { attributes, courses, exercises, lessons, programs } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { cleanPlainText } from '../../richtext/index.js';
import { loadLesson, loadProgram, userOf } from './access.js';
import { deleteExercisesWhere } from './cleanup.js';
import { agreeQuery, isAgreed, lessonParams, opts, path, programParams, typed } from './common.js';
import { checkOrder, readOrders } from './order.js';
import { lessonTree } from './programs.js';

/** Lessons: create, view, edit, drop, lesson order, lesson constraints, exercise order and list. */

const touch = (db: Db, programId: number) => db.update(programs).set({ updatedAt: new Date() }).where(eq(programs.id, programId));

export async function lessonRecord(db: Db, programId: number, lessonId: number) {
  const tree = await lessonTree(db, programId);
  return tree.find((l) => l.id === lessonId)!;
}

/** Checks attribute ids exist and course ids run this program (shared by lesson and exercise constraints). */
export async function checkConstraintRefs(db: Db, programId: number, attributeIds: number[], courseIds: number[]): Promise<void> {
  if (attributeIds.length) {
    const found = await db.select({ id: attributes.id }).from(attributes).where(inArray(attributes.id, attributeIds));
    if (found.length !== new Set(attributeIds).size) throw notFound('AttributeNotFound', { title: 'programs.attributeNotFound' });
  }
  if (courseIds.length) {
    const found = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(inArray(courses.id, courseIds), eq(courses.programId, programId)));
    if (found.length !== new Set(courseIds).size) throw badRequest('CourseNotOfProgram', { title: 'programs.courseNotOfProgram' });
  }
}

export function registerLessonRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const db = fastify.db;

  app.post(path(P.lessonCreate), opts({ params: programParams, body: lessonInput }), async (request, reply) => {
    const program = await loadProgram(db, userOf(request), request.params.programId);
    const [row] = await db
      .insert(lessons)
      .values({
        programId: program.id,
        label: request.body.label,
        description: cleanPlainText(request.body.description) ?? null,
        sequence: sql`(select coalesce(max(l."sequence"), 0) + 1 from "lessons" l where l."program_id" = ${program.id})`,
      })
      .returning({ id: lessons.id });
    await touch(db, program.id);
    reply.status(201);
    return lessonRecord(db, program.id, row.id);
  });

  app.get(path(P.lessonView), opts({ params: lessonParams }), async (request) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    return lessonRecord(db, program.id, lesson.id);
  });

  app.put(path(P.lessonEdit), opts({ params: lessonParams, body: lessonInput }), async (request) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    await db
      .update(lessons)
      .set({
        label: request.body.label,
        description: request.body.description === undefined ? lesson.description : cleanPlainText(request.body.description),
        updatedAt: new Date(),
      })
      .where(eq(lessons.id, lesson.id));
    await touch(db, program.id);
    return lessonRecord(db, program.id, lesson.id);
  });

  app.delete(path(P.lessonDrop), opts({ params: lessonParams, querystring: agreeQuery }), async (request) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    if (!isAgreed(request.query.isAgree)) throw badRequest('DeleteNotAgreed', { title: 'programs.deleteNotAgreed' });
    await deleteExercisesWhere(db, fastify.config, fastify.storage, eq(exercises.lessonId, lesson.id), async (tx) => {
      await tx.delete(lessons).where(eq(lessons.id, lesson.id));
    });
    await touch(db, program.id);
    return { id: lesson.id };
  });

  // ---------------------------------------------------------------- lesson order

  const lessonOrder = async (programId: number) =>
    db
      .select({ id: lessons.id, label: lessons.label, sequence: lessons.sequence })
      .from(lessons)
      .where(eq(lessons.programId, programId))
      .orderBy(lessons.sequence, lessons.id);

  app.get(path(P.sortLessons), opts({ params: programParams }), async (request) => {
    const program = await loadProgram(db, userOf(request), request.params.programId);
    return lessonOrder(program.id);
  });

  app.post(path(P.sortLessons), opts({ params: programParams }), async (request) => {
    const program = await loadProgram(db, userOf(request), request.params.programId);
    const orders = readOrders(request);
    await db.transaction(async (tx) => {
      const current = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.programId, program.id));
      checkOrder(orders, current.map((c) => c.id));
      for (const [i, id] of orders.entries()) await tx.update(lessons).set({ sequence: i + 1 }).where(eq(lessons.id, id));
    });
    await touch(db, program.id);
    return lessonOrder(program.id);
  });

  // ---------------------------------------------------------------- exercise order and list

  const exerciseOrder = async (lessonId: number) =>
    db
      .select({ id: exercises.id, label: exercises.label, kind: exercises.kind, exerciseType: exercises.exerciseType, sequence: exercises.sequence })
      .from(exercises)
      .where(eq(exercises.lessonId, lessonId))
      .orderBy(exercises.sequence, exercises.id);

  app.get(path(P.sortExercises), opts({ params: lessonParams }), async (request) => {
    const { lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    return exerciseOrder(lesson.id);
  });

  app.post(path(P.sortExercises), opts({ params: lessonParams }), async (request) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    const orders = readOrders(request);
    await db.transaction(async (tx) => {
      const current = await tx.select({ id: exercises.id }).from(exercises).where(eq(exercises.lessonId, lesson.id));
      checkOrder(orders, current.map((c) => c.id));
      for (const [i, id] of orders.entries()) await tx.update(exercises).set({ sequence: i + 1 }).where(eq(exercises.id, id));
    });
    await touch(db, program.id);
    return exerciseOrder(lesson.id);
  });

  app.get(path(P.exercisesView), opts({ params: lessonParams }), async (request) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    return (await lessonRecord(db, program.id, lesson.id)).exercises;
  });

  // ---------------------------------------------------------------- lesson constraints

  const readConstraints = (raw: unknown): LessonConstraints => {
    const parsed = lessonConstraintsInput.safeParse(raw ?? {});
    return parsed.success ? parsed.data : { union: 'and', attributes: [], courseIds: [] };
  };

  app.get(path(P.lessonConstraints), opts({ params: lessonParams }), async (request) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    // the courses of the program, to choose course constraints from
    const courseOptions = await db.select({ id: courses.id, label: courses.label }).from(courses).where(eq(courses.programId, program.id)).orderBy(courses.id);
    return { ...readConstraints(lesson.constraints), courseOptions };
  });

  app.put(
    path(P.lessonConstraints),
    opts({ params: lessonParams, body: lessonConstraintsInput }),
    async (request) => {
      const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
      const b = request.body;
      await checkConstraintRefs(db, program.id, b.attributes.map((a) => a.attributeId), b.courseIds);
      const value: LessonConstraints = {
        union: b.union,
        attributes: b.attributes.map((a) => ({ attributeId: a.attributeId, values: [...new Set(a.values)] })),
        courseIds: [...new Set(b.courseIds)],
      };
      await db.update(lessons).set({ constraints: value, updatedAt: new Date() }).where(eq(lessons.id, lesson.id));
      return value;
    },
  );
}

