import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { constraintCalls as calls } from '../../../shared/calls/constraints.js';
import type { ConstraintUnion } from '../../../shared/programs.js';
import { attributes, attributeValues, courses, exerciseConstraints, exercises, exerciseTrainingConstraints } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise } from './access.js';
import { checkConstraintRefs } from './lessons.js';
import { currentUser } from '../../auth/context.js';

/**
 * Exercise constraints (spec 3 §7.7): attribute constraints (the exercise opens to students
 * whose attribute holds one of the values), how they combine (union 'and' | 'or'), and
 * course constraints (the exercise shows only in the listed courses of its program).
 */
const constraintNotFound = () => notFound('ConstraintNotFound', { title: 'programs.constraintNotFound' });

export function registerConstraintRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  const attributeConstraints = (exerciseId: number) =>
    db
      .select({
        id: exerciseConstraints.id,
        attributeId: exerciseConstraints.attributeId,
        label: attributes.label,
        type: attributes.type,
        values: exerciseConstraints.values,
      })
      .from(exerciseConstraints)
      .innerJoin(attributes, eq(attributes.id, exerciseConstraints.attributeId))
      .where(eq(exerciseConstraints.exerciseId, exerciseId))
      .orderBy(asc(exerciseConstraints.id));

  const trainingConstraints = (exerciseId: number) =>
    db
      .select({ id: exerciseTrainingConstraints.id, courseId: courses.id, label: courses.label })
      .from(exerciseTrainingConstraints)
      .innerJoin(courses, eq(courses.id, exerciseTrainingConstraints.courseId))
      .where(eq(exerciseTrainingConstraints.exerciseId, exerciseId))
      .orderBy(asc(exerciseTrainingConstraints.id));

  const oneAttribute = async (exerciseId: number, rawAttributeId: string) => {
    const attributeId = parseIntId(rawAttributeId);
    if (attributeId === null) throw constraintNotFound();
    const found = (await attributeConstraints(exerciseId)).find((c) => c.attributeId === attributeId);
    if (!found) throw constraintNotFound();
    return found;
  };

  // ---------------------------------------------------------------- attribute constraints

  route(fastify, calls.attributeConstraints, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    return attributeConstraints(exercise.id);
  });

  route(fastify, calls.createAttributeConstraint, async (request, reply) => {
    const { program, exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const b = request.body;
    await checkConstraintRefs(db, program.id, [b.attributeId], []);
    const inserted = await db
      .insert(exerciseConstraints)
      .values({ exerciseId: exercise.id, attributeId: b.attributeId, values: [...new Set(b.values)] })
      .onConflictDoNothing()
      .returning({ id: exerciseConstraints.id });
    if (!inserted.length) throw conflict('ConstraintExists', { title: 'programs.constraintExists' });
    reply.status(201);
    return oneAttribute(exercise.id, String(b.attributeId));
  });

  route(fastify, calls.attributeConstraint, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    return oneAttribute(exercise.id, request.params.attributeId);
  });

  route(fastify, calls.saveAttributeConstraint, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const c = await oneAttribute(exercise.id, request.params.attributeId);
    await db.update(exerciseConstraints).set({ values: [...new Set(request.body.values)] }).where(eq(exerciseConstraints.id, c.id));
    return oneAttribute(exercise.id, request.params.attributeId);
  });

  route(fastify, calls.dropAttributeConstraint, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const c = await oneAttribute(exercise.id, request.params.attributeId);
    await db.delete(exerciseConstraints).where(eq(exerciseConstraints.id, c.id));
    return attributeConstraints(exercise.id);
  });

  route(fastify, calls.setUnion, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.exerciseId, request.params.programId);
    const union = request.params.union.toLowerCase();
    if (union !== 'and' && union !== 'or') throw badRequest('InvalidUnion', { title: 'validation.invalid' });
    await db.update(exercises).set({ constraintUnion: union, updatedAt: new Date() }).where(eq(exercises.id, exercise.id));
    return { union: union as ConstraintUnion };
  });

  route(fastify, calls.summary, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.exerciseId, request.params.programId);
    return {
      union: exercise.constraintUnion === 'or' ? ('or' as const) : ('and' as const),
      constraints: await attributeConstraints(exercise.id),
      trainingConstraints: await trainingConstraints(exercise.id),
    };
  });

  // ---------------------------------------------------------------- attributes to choose from

  route(fastify, calls.attributes, async () =>
    db
      .select({ id: attributes.id, label: attributes.label, type: attributes.type })
      .from(attributes)
      .orderBy(asc(attributes.label), asc(attributes.id)),
  );

  route(fastify, calls.attributeValues, async (request) => {
    const id = parseIntId(request.params.attributeId);
    const [attr] = id === null ? [] : await db.select().from(attributes).where(eq(attributes.id, id));
    if (!attr) throw notFound('AttributeNotFound', { title: 'programs.attributeNotFound' });
    if (attr.options.length) return attr.options.map((o) => ({ value: String(o.id), label: o.label }));
    // Free-form attributes: the values students entered, most frequent first.
    const rows = await db
      .select({ value: attributeValues.value, n: sql<number>`count(*)::int` })
      .from(attributeValues)
      .where(and(eq(attributeValues.attributeId, attr.id), isNotNull(attributeValues.value)))
      .groupBy(attributeValues.value)
      .orderBy(sql`count(*) desc`, asc(attributeValues.value))
      .limit(200);
    return rows.map((r) => ({ value: r.value!, label: r.value! }));
  });

  // ---------------------------------------------------------------- course constraints

  route(fastify, calls.courseOptions, async (request) => {
    const { program, exercise } = await loadExercise(db, currentUser(request), request.params.exerciseId, request.params.programId);
    const chosen = new Map((await trainingConstraints(exercise.id)).map((c) => [c.courseId, c.id]));
    const all = await db.select({ id: courses.id, label: courses.label }).from(courses).where(eq(courses.programId, program.id)).orderBy(asc(courses.id));
    return all.map((c) => ({ courseId: c.id, label: c.label, isSelected: chosen.has(c.id), constraintId: chosen.get(c.id) ?? null }));
  });

  route(fastify, calls.courseConstraints, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    return trainingConstraints(exercise.id);
  });

  route(fastify, calls.saveCourseConstraints, async (request) => {
    const { program, exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const ids = [...new Set(request.body.courseIds)];
    await checkConstraintRefs(db, program.id, [], ids);
    await db.transaction(async (tx) => {
      if (ids.length) {
        await tx
          .delete(exerciseTrainingConstraints)
          .where(and(eq(exerciseTrainingConstraints.exerciseId, exercise.id), notInArray(exerciseTrainingConstraints.courseId, ids)));
        await tx.insert(exerciseTrainingConstraints).values(ids.map((courseId) => ({ exerciseId: exercise.id, courseId }))).onConflictDoNothing();
      } else {
        await tx.delete(exerciseTrainingConstraints).where(eq(exerciseTrainingConstraints.exerciseId, exercise.id));
      }
    });
    return trainingConstraints(exercise.id);
  });

  route(fastify, calls.dropCourseConstraint, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const cid = parseIntId(request.params.constraintId);
    const deleted =
      cid === null
        ? []
        : await db
            .delete(exerciseTrainingConstraints)
            .where(and(eq(exerciseTrainingConstraints.id, cid), eq(exerciseTrainingConstraints.exerciseId, exercise.id)))
            .returning({ id: exerciseTrainingConstraints.id });
    if (!deleted.length) throw constraintNotFound();
    return trainingConstraints(exercise.id);
  });
}
