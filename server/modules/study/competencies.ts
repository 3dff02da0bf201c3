import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resultCalls } from '../../../shared/calls/study/results.js';
import { currentUser } from '../../auth/context.js';
import { competencyScores, exerciseCompetencies } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { loadNotFound, studyContext } from './context.js';

/**
 * The final page's "View competencies" modal: the competencies the exercise trains (set by
 * its authors) with the caller's own score in this course (0..1, null before any grading).
 * Our path (spec 3 names no student call for it); same guard as the slide load: a course
 * the caller does not study in, or an exercise outside its program, answers 404.
 */
export function registerCompetencyRoutes(fastify: FastifyInstance) {
  const db = fastify.db;
  route(fastify, resultCalls.competencies, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const rows = await db
      .select({ id: exerciseCompetencies.id, name: exerciseCompetencies.name, weight: exerciseCompetencies.weight, value: competencyScores.value })
      .from(exerciseCompetencies)
      .leftJoin(
        competencyScores,
        and(
          eq(competencyScores.competencyId, exerciseCompetencies.id),
          eq(competencyScores.accountId, ctx.user.accountId),
          eq(competencyScores.courseId, ctx.course.id),
        ),
      )
      .where(eq(exerciseCompetencies.exerciseId, ctx.exercise.id))
      .orderBy(asc(exerciseCompetencies.id));
    return rows.map((r) => ({ ...r, value: r.value ?? null }));
  });
}
