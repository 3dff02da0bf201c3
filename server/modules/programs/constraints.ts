import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  attributeConstraintInput,
  attributeConstraintValues,
  programPaths as P,
  trainingConstraintsInput,
} from '../../../shared/programs.js';
import { attributes, attributeValues, courses, exerciseConstraints, exercises, exerciseTrainingConstraints } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise, userOf } from './access.js';
import { idParams, opts, path, typed } from './common.js';
import { checkConstraintRefs } from './lessons.js';

/**
 * Exercise constraints (spec 3 §7.7): attribute constraints (the exercise opens to students
 * whose attribute holds one of the values), how they combine (union 'and' | 'or'), and
 * course constraints (the exercise shows only in the listed courses of its program).
 */
const attrParams = z.object({ id: z.string(), attributeId: z.string() });
const courseExerciseParams = z.object({ programId: z.string(), exerciseId: z.string() });
const constraintNotFound = () => notFound('ConstraintNotFound', { title: 'programs.constraintNotFound' });

export function registerConstraintRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const db = fastify.db;
  const tag = 'constraints';

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

  app.get(path(P.constraints), opts({ params: idParams }, tag), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    return attributeConstraints(exercise.id);
  });

  app.post(path(P.constraintCreate), opts({ params: idParams, body: attributeConstraintInput }, tag), async (request, reply) => {
    const { program, exercise } = await loadExercise(db, userOf(request), request.params.id);
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

  app.get(path(P.constraintAttribute), opts({ params: attrParams }, tag), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    return oneAttribute(exercise.id, request.params.attributeId);
  });

  app.put(path(P.constraintAttribute), opts({ params: attrParams, body: attributeConstraintValues }, tag), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    const c = await oneAttribute(exercise.id, request.params.attributeId);
    await db.update(exerciseConstraints).set({ values: [...new Set(request.body.values)] }).where(eq(exerciseConstraints.id, c.id));
    return oneAttribute(exercise.id, request.params.attributeId);
  });

  app.delete(path(P.constraintDrop), opts({ params: attrParams }, tag), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    const c = await oneAttribute(exercise.id, request.params.attributeId);
    await db.delete(exerciseConstraints).where(eq(exerciseConstraints.id, c.id));
    return attributeConstraints(exercise.id);
  });

  app.post(
    path(P.constraintsUnion),
    opts({ params: z.object({ programId: z.string(), exerciseId: z.string(), union: z.string() }) }, tag),
    async (request) => {
      const { exercise } = await loadExercise(db, userOf(request), request.params.exerciseId, request.params.programId);
      const union = request.params.union.toLowerCase();
      if (union !== 'and' && union !== 'or') throw badRequest('InvalidUnion', { title: 'validation.invalid' });
      await db.update(exercises).set({ constraintUnion: union, updatedAt: new Date() }).where(eq(exercises.id, exercise.id));
      return { union };
    },
  );

  app.get(path(P.constraintsSummary), opts({ params: courseExerciseParams }, tag), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.exerciseId, request.params.programId);
    return {
      union: exercise.constraintUnion === 'or' ? 'or' : 'and',
      constraints: await attributeConstraints(exercise.id),
      trainingConstraints: await trainingConstraints(exercise.id),
    };
  });

  // ---------------------------------------------------------------- attributes to choose from

  app.get(path(P.constraintAttributes), opts({}, tag), async () =>
    db
      .select({ id: attributes.id, label: attributes.label, type: attributes.type })
      .from(attributes)
      .orderBy(asc(attributes.label), asc(attributes.id)),
  );

  app.get(path(P.constraintAttributeValues), opts({ params: z.object({ attributeId: z.string() }) }, tag), async (request) => {
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

  app.get(path(P.trainingConstraintOptions), opts({ params: courseExerciseParams }, tag), async (request) => {
    const { program, exercise } = await loadExercise(db, userOf(request), request.params.exerciseId, request.params.programId);
    const chosen = new Map((await trainingConstraints(exercise.id)).map((c) => [c.courseId, c.id]));
    const all = await db.select({ id: courses.id, label: courses.label }).from(courses).where(eq(courses.programId, program.id)).orderBy(asc(courses.id));
    return all.map((c) => ({ courseId: c.id, label: c.label, isSelected: chosen.has(c.id), constraintId: chosen.get(c.id) ?? null }));
  });

  app.get(path(P.trainingConstraints), opts({ params: idParams }, tag), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    return trainingConstraints(exercise.id);
  });

  app.put(path(P.trainingConstraints), opts({ params: idParams, body: trainingConstraintsInput }, tag), async (request) => {
    const { program, exercise } = await loadExercise(db, userOf(request), request.params.id);
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

  app.delete(
    path(P.trainingConstraintDrop),
    opts({ params: z.object({ id: z.string(), constraintId: z.string() }) }, tag),
    async (request) => {
      const { exercise } = await loadExercise(db, userOf(request), request.params.id);
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
    },
  );

}
