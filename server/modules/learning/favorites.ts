import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { favoriteCalls } from '../../../shared/calls/learning.js';
import type { FavoriteExercise } from '../../../shared/learning.js';
import { currentUser } from '../../auth/context.js';
import { courses, favorites } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { myCourseItems } from './myCourses.js';
import { courseOutline, exerciseNotFound, loadMyCourse } from './outline.js';

/**
 * Favourites (spec 3 §7.3): lists of favourite courses and exercises, and toggles. Only
 * courses the caller studies in can be favourites; lists show only the caller's rows.
 */
export function registerFavoriteRoutes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, favoriteCalls.courses, async (request) => {
    const user = currentUser(request);
    const all = (await myCourseItems(db, user.accountId)).filter((c) => c.isFavorite);
    const skip = request.body?.skip ?? 0;
    const take = request.body?.take ?? 100;
    return { result: all.slice(skip, skip + take), metadata: { filteredRecords: all.length } };
  });

  route(fastify, favoriteCalls.exercises, async (request) => {
    const user = currentUser(request);
    const favCourses = await db
      .selectDistinct({ c: courses })
      .from(favorites)
      .innerJoin(courses, eq(courses.id, favorites.courseId))
      .where(
        and(
          eq(favorites.accountId, user.accountId),
          sql`${favorites.exerciseId} is not null`,
          sql`${favorites.courseId} in (select e."course_id" from "enrolments" e where e."account_id" = ${user.accountId} and e."status" = 1)`,
        ),
      );
    const result: FavoriteExercise[] = [];
    for (const { c } of favCourses) {
      const outline = await courseOutline(db, c, user.accountId);
      for (const l of outline)
        for (const x of l.exercises)
          if (x.isFavorite)
            result.push({
              id: x.id,
              label: x.label,
              exerciseType: x.exerciseType,
              status: x.status,
              isAvailable: x.isAvailable,
              trainingId: c.id,
              trainingLabel: c.label,
              lessonId: l.id,
              lessonLabel: l.label,
              lessonNumber: l.number,
            });
    }
    const skip = request.body?.skip ?? 0;
    const take = request.body?.take ?? 100;
    return { result: result.slice(skip, skip + take), metadata: { filteredRecords: result.length } };
  });

  route(fastify, favoriteCalls.toggleCourse, async (request) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    const where = and(eq(favorites.accountId, user.accountId), eq(favorites.courseId, course.id), isNull(favorites.exerciseId));
    const removed = await db.delete(favorites).where(where).returning({ id: favorites.id });
    if (removed.length) return { isFavorite: false };
    await db.insert(favorites).values({ accountId: user.accountId, courseId: course.id }).onConflictDoNothing();
    return { isFavorite: true };
  });

  route(fastify, favoriteCalls.toggleExercise, async (request) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    const exerciseId = parseIntId(request.params.exerciseId);
    const outline = await courseOutline(db, course, user.accountId);
    if (exerciseId === null || !outline.some((l) => l.exercises.some((x) => x.id === exerciseId))) throw exerciseNotFound();
    const where = and(eq(favorites.accountId, user.accountId), eq(favorites.courseId, course.id), eq(favorites.exerciseId, exerciseId));
    const removed = await db.delete(favorites).where(where).returning({ id: favorites.id });
    if (removed.length) return { isFavorite: false };
    await db.insert(favorites).values({ accountId: user.accountId, courseId: course.id, exerciseId }).onConflictDoNothing();
    return { isFavorite: true };
  });
}
