import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { competenciesInput, exerciseInput, programPaths as P } from '../../../shared/programs.js';
import type { Db } from '../../db/client.js';
import { exerciseCompetencies, exercises, programs } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { Config } from '../../config.js';
import type { Storage } from '../../files/index.js';
import { loadExercise, loadLesson, userOf, type ExerciseRow } from './access.js';
import { agreeQuery, idParams, isAgreed, lessonParams, opts, path, programIdParams, typed } from './common.js';
import { exerciseColumns, exerciseInfo, insertExercise } from './exerciseInfo.js';
import { deleteExercisesWhere } from './cleanup.js';

/** Presentation exercises, Info GET/PUT, Delete (isAgree), competencies. */

/** Deletes an exercise with its slides, its files and its SCORM package. */
export async function deleteExercise(db: Db, config: Config, storage: Storage, exercise: ExerciseRow): Promise<void> {
  await deleteExercisesWhere(db, config, storage, eq(exercises.id, exercise.id), async (tx) => {
    await tx.update(programs).set({ updatedAt: new Date() }).where(eq(programs.id, exercise.programId));
  });
}

export function registerExerciseRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const db = fastify.db;

  app.post(path(P.createPresentation), opts({ params: lessonParams, body: exerciseInput }), async (request, reply) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    const row = await insertExercise(db, program.id, lesson.id, 'presentation', request.body);
    reply.status(201);
    return exerciseInfo(row);
  });

  app.get(path(P.info), opts({ params: programIdParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id, request.params.programId);
    return exerciseInfo(exercise);
  });

  app.put(path(P.info), opts({ params: programIdParams, body: exerciseInput }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id, request.params.programId);
    const [row] = await db
      .update(exercises)
      .set({ ...exerciseColumns(request.body), updatedAt: new Date() })
      .where(eq(exercises.id, exercise.id))
      .returning();
    return exerciseInfo(row);
  });

  const drop = async (request: { user: unknown; query: { isAgree?: string } }, exerciseId: string, programId?: string) => {
    const { exercise } = await loadExercise(db, userOf(request as never), exerciseId, programId);
    if (!isAgreed(request.query.isAgree)) throw badRequest('DeleteNotAgreed', { title: 'programs.deleteNotAgreed' });
    await deleteExercise(db, fastify.config, fastify.storage, exercise);
    return { id: exercise.id };
  };
  app.delete(path(P.exerciseDelete), opts({ params: programIdParams, querystring: agreeQuery }), async (request) =>
    drop(request, request.params.id, request.params.programId),
  );
  // The spec's abbreviation may also mean this path (api.json expansionUncertain).
  app.delete('/api/instructors/Exercises/:id/Delete', opts({ params: idParams, querystring: agreeQuery }), async (request) =>
    drop(request, request.params.id),
  );

  // ---------------------------------------------------------------- competencies

  const competencies = (exerciseId: number) =>
    db
      .select({ id: exerciseCompetencies.id, name: exerciseCompetencies.name, weight: exerciseCompetencies.weight })
      .from(exerciseCompetencies)
      .where(eq(exerciseCompetencies.exerciseId, exerciseId))
      .orderBy(exerciseCompetencies.id);

  app.get(path(P.competencies), opts({ params: idParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    return competencies(exercise.id);
  });

  app.put(path(P.competencies), opts({ params: idParams, body: competenciesInput }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
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
