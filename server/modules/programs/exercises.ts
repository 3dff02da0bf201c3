import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exerciseCalls } from '../../../shared/calls/exercises.js';
import { isAgreed } from '../../../shared/programs.js';
import type { Db } from '../../db/client.js';
import { exerciseCompetencies, exercises, programs } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import type { Config } from '../../config.js';
import type { Storage } from '../../files/index.js';
import { loadExercise, loadLesson, type ExerciseRow } from './access.js';
import { exerciseColumns, exerciseInfo, insertExercise, updateExercise } from './exerciseInfo.js';
import { deleteExercisesWhere } from './cleanup.js';
import { currentUser } from '../../auth/context.js';

/** Presentation exercises, Info GET/PUT, Delete (isAgree), competencies. */

/** Deletes an exercise with its slides, its files and its SCORM package. */
export async function deleteExercise(db: Db, config: Config, storage: Storage, exercise: ExerciseRow): Promise<void> {
  await deleteExercisesWhere(db, config, storage, eq(exercises.id, exercise.id), async (tx) => {
    await tx.update(programs).set({ updatedAt: new Date() }).where(eq(programs.id, exercise.programId));
  });
}

export function registerExerciseRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, exerciseCalls.createPresentation, async (request, reply) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    const row = await insertExercise(db, program.id, lesson.id, 'presentation', request.body);
    reply.status(201);
    return exerciseInfo(row);
  });

  route(fastify, exerciseCalls.info, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    return exerciseInfo(exercise);
  });

  route(fastify, exerciseCalls.saveInfo, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    return updateExercise(db, exercise.id, exerciseColumns(request.body));
  });

  const drop = async (request: FastifyRequest<{ Querystring: { isAgree?: string } }>, exerciseId: string, programId?: string) => {
    const { exercise } = await loadExercise(db, currentUser(request), exerciseId, programId);
    if (!isAgreed(request.query.isAgree)) throw badRequest('DeleteNotAgreed', { title: 'programs.deleteNotAgreed' });
    await deleteExercise(db, fastify.config, fastify.storage, exercise);
    return { id: exercise.id };
  };
  route(fastify, exerciseCalls.drop, async (request) => drop(request, request.params.id, request.params.programId));
  route(fastify, exerciseCalls.dropById, async (request) => drop(request, request.params.id));

  // ---------------------------------------------------------------- competencies

  const competencies = (exerciseId: number) =>
    db
      .select({ id: exerciseCompetencies.id, name: exerciseCompetencies.name, weight: exerciseCompetencies.weight })
      .from(exerciseCompetencies)
      .where(eq(exerciseCompetencies.exerciseId, exerciseId))
      .orderBy(exerciseCompetencies.id);

  route(fastify, exerciseCalls.competencies, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    return competencies(exercise.id);
  });

  route(fastify, exerciseCalls.saveCompetencies, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const byName = new Map<string, number>();
    for (const c of request.body.competencies) byName.set(c.name, c.weight);
    await db.transaction(async (tx) => {
      await tx.delete(exerciseCompetencies).where(eq(exerciseCompetencies.exerciseId, exercise.id));
      if (byName.size) {
        await tx.insert(exerciseCompetencies).values([...byName].map(([name, weight]) => ({ exerciseId: exercise.id, name, weight })));
      }
    });
    return competencies(exercise.id);
  });
}
