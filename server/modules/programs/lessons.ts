import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lessonCalls, programCalls } from '../../../shared/calls/programs.js';
import { isAgreed, lessonConstraintsInput, type LessonConstraints } from '../../../shared/programs.js';
import type { Db } from '../../db/client.js';
import { attributes, courses, exercises, lessons, programs } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { cleanPlainText } from '../../richtext/index.js';
import { loadLesson, loadProgram } from './access.js';
import { deleteExercisesWhere } from './cleanup.js';
import { ordersOf, saveOrder } from './order.js';
import { lessonTree } from './programs.js';
import { currentUser } from '../../auth/context.js';

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
  const db = fastify.db;

  route(fastify, lessonCalls.create, async (request, reply) => {
    const program = await loadProgram(db, currentUser(request), request.params.programId);
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

  route(fastify, lessonCalls.view, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    return lessonRecord(db, program.id, lesson.id);
  });

  route(fastify, lessonCalls.edit, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
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

  route(fastify, lessonCalls.drop, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
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

  route(fastify, programCalls.lessonOrder, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.programId);
    return lessonOrder(program.id);
  });

  route(fastify, programCalls.saveLessonOrder, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.programId);
    await saveOrder(db, lessons, eq(lessons.programId, program.id), ordersOf(request));
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

  route(fastify, lessonCalls.exerciseOrder, async (request) => {
    const { lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    return exerciseOrder(lesson.id);
  });

  route(fastify, lessonCalls.saveExerciseOrder, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    await saveOrder(db, exercises, eq(exercises.lessonId, lesson.id), ordersOf(request));
    await touch(db, program.id);
    return exerciseOrder(lesson.id);
  });

  route(fastify, lessonCalls.exercises, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    return (await lessonRecord(db, program.id, lesson.id)).exercises;
  });

  // ---------------------------------------------------------------- lesson constraints

  const readConstraints = (raw: unknown): LessonConstraints => {
    const parsed = lessonConstraintsInput.safeParse(raw ?? {});
    return parsed.success ? parsed.data : { union: 'and', attributes: [], courseIds: [] };
  };

  route(fastify, lessonCalls.constraints, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    // the courses of the program, to choose course constraints from
    const courseOptions = await db.select({ id: courses.id, label: courses.label }).from(courses).where(eq(courses.programId, program.id)).orderBy(courses.id);
    return { ...readConstraints(lesson.constraints), courseOptions };
  });

  route(fastify, lessonCalls.saveConstraints, async (request) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    const b = request.body;
    await checkConstraintRefs(db, program.id, b.attributes.map((a) => a.attributeId), b.courseIds);
    const value: LessonConstraints = {
      union: b.union,
      attributes: b.attributes.map((a) => ({ attributeId: a.attributeId, values: [...new Set(a.values)] })),
      courseIds: [...new Set(b.courseIds)],
    };
    await db.update(lessons).set({ constraints: value, updatedAt: new Date() }).where(eq(lessons.id, lesson.id));
    return value;
  });
}
