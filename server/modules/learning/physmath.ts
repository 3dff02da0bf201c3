import { and, asc, eq, gt, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { learningCalls } from '../../../shared/calls/learning.js';
import { currentUser } from '../../auth/context.js';
import { courses, enrolments } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { searchCondition } from '../catalogue/search.js';

/**
 * The Physmath section (/physmath-breakthrough, spec 1: "special section, visible only to
 * students with physical access"): GET /api/students/physmath, rule 'physmath' (Students with
 * accessToPhysical). The spec does not say which courses belong to the section; the data model
 * has no section field, so a course belongs to it when its name or keywords contain the word
 * below — staff put a course in the section by adding it to the course's Keywords, and the
 * catalogue search finds the same courses (the same trigram-indexed condition).
 */
export const PHYSMATH_KEYWORD = 'physmath';

/** How many open catalogue courses of the section the page lists. */
export const PHYSMATH_CATALOGUE_LIMIT = 50;

export function registerPhysmathRoutes(fastify: FastifyInstance) {
  const db = fastify.db;
  const card = { id: courses.id, label: courses.label, picture: courses.picture, begin: courses.begin, end: courses.end };
  const inSection = searchCondition(PHYSMATH_KEYWORD);

  route(fastify, learningCalls.physmath, async (request) => {
    const user = currentUser(request);
    const myCourses = await db
      .select({ ...card, completed: enrolments.completed })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(and(eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1), inSection))
      .orderBy(sql`${courses.begin} desc nulls last`, asc(courses.id));
    const catalogue = await db
      .select(card)
      .from(courses)
      .where(
        and(
          eq(courses.isPublished, true),
          or(isNull(courses.end), gt(courses.end, new Date())),
          inSection,
          myCourses.length ? notInArray(courses.id, myCourses.map((c) => c.id)) : undefined,
        ),
      )
      .orderBy(sql`${courses.begin} asc nulls last`, asc(courses.id))
      .limit(PHYSMATH_CATALOGUE_LIMIT);
    return { myCourses, catalogue };
  });
}
