import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { competencyCalls } from '../../../shared/calls/competencies.js';
import { resultCalls } from '../../../shared/calls/study/results.js';
import { currentUser } from '../../auth/context.js';
import { competencyScores, enrolments, exerciseCompetencies } from '../../db/schema/index.js';
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

  /**
   * /competencies: every competency the student has a score in (grading writes them,
   * study/grading.ts), by name across exercises and courses: the weighted average of its scores
   * (weight of the competency on each exercise), two decimals. Courses the student left count
   * no more. Sorted by name.
   */
  route(fastify, competencyCalls.skills, async (request) => {
    const user = currentUser(request);
    const rows = await db
      .select({
        key: exerciseCompetencies.name,
        value: sql<number>`round((sum(${competencyScores.value} * ${exerciseCompetencies.weight}) / nullif(sum(${exerciseCompetencies.weight}), 0))::numeric, 2)::float8`,
      })
      .from(competencyScores)
      .innerJoin(exerciseCompetencies, eq(exerciseCompetencies.id, competencyScores.competencyId))
      .innerJoin(enrolments, and(eq(enrolments.courseId, competencyScores.courseId), eq(enrolments.accountId, competencyScores.accountId), eq(enrolments.status, 1)))
      .where(eq(competencyScores.accountId, user.accountId))
      .groupBy(exerciseCompetencies.name)
      .orderBy(asc(exerciseCompetencies.name));
    return rows.map((r) => ({ key: r.key, value: Number(r.value ?? 0) }));
  });
}
