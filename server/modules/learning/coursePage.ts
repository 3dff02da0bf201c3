import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { learningCalls } from '../../../shared/calls/learning.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, courseInstructors, favorites } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { cleanFiles, courseOutline, exerciseNotFound, loadMyCourse, nextExercise, progressOf, type CourseRow } from './outline.js';

/**
 * The course page of a student (spec 1 §2.3): description with progress and rating, lessons
 * with exercises, instructors, and NextExercise (spec 3 §7.4: 204 when there is none).
 */
async function personOf(db: Db, id: number | null) {
  if (!id) return null;
  const [a] = await db.select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, picture: accounts.picture }).from(accounts).where(eq(accounts.id, id));
  return a ?? null;
}

/** Place of the caller among the course's students by total score, their number and the average total. */
export async function ratingOf(db: Db, courseId: number, accountId: number) {
  const rows = (await db.execute(sql`
    select e."account_id" as id, coalesce(sum(p."score"), 0)::float8 as total
    from "enrolments" e
    left join "exercise_progress" p on p."account_id" = e."account_id" and p."course_id" = e."course_id"
    where e."course_id" = ${courseId} and e."status" = 1
    group by e."account_id"`)) as unknown as { rows?: { id: number; total: number }[] } | { id: number; total: number }[];
  const list = (Array.isArray(rows) ? rows : rows.rows ?? []).map((r) => ({ id: Number(r.id), total: Number(r.total) }));
  const mine = list.find((r) => r.id === accountId)?.total ?? 0;
  const position = list.filter((r) => r.total > mine).length + 1;
  const averageScore = list.length ? Math.round((list.reduce((s, r) => s + r.total, 0) / list.length) * 100) / 100 : 0;
  return { position, studentsCount: list.length, averageScore, score: mine };
}

export async function instructorsOf(db: Db, courseId: number) {
  return db
    .select({
      accountId: accounts.id,
      picture: accounts.picture,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      eMail: accounts.email,
      phone: accounts.phone,
      role: courseInstructors.courseRole,
    })
    .from(courseInstructors)
    .innerJoin(accounts, eq(accounts.id, courseInstructors.accountId))
    .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.isHidden, false)))
    .orderBy(asc(courseInstructors.id));
}

function describe(course: CourseRow) {
  const settings = course.settings ?? {};
  return {
    id: course.id,
    picture: course.picture,
    label: course.label,
    description: course.description,
    group: course.groupLabel,
    begin: course.begin,
    end: course.end,
    alwaysAvailableByDates: course.alwaysAvailableByDates,
    open: course.open,
    close: course.close,
    footer: course.footer,
    topics: course.topics,
    tags: course.tags.map((label) => ({ label })),
    files: cleanFiles((settings as { files?: unknown }).files),
    support: course.support?.hideSupport ? null : course.support ?? null,
  };
}

export function registerCoursePageRoutes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, learningCalls.description, async (request) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    const outline = await courseOutline(db, course, user.accountId);
    const next = nextExercise(outline);
    const [fav] = await db
      .select({ id: favorites.id })
      .from(favorites)
      .where(and(eq(favorites.accountId, user.accountId), eq(favorites.courseId, course.id), sql`${favorites.exerciseId} is null`));
    return {
      ...describe(course),
      tutor: await personOf(db, course.tutorId),
      moderator: await personOf(db, course.moderatorId),
      progress: progressOf(outline),
      rating: await ratingOf(db, course.id, user.accountId),
      isFavorite: !!fav,
      nextExercise: next ? { trainingId: course.id, lessonId: next.lessonId, exerciseId: next.id, label: next.label } : null,
    };
  });

  route(fastify, learningCalls.lessons, async (request) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    const outline = await courseOutline(db, course, user.accountId);
    return outline.map((l) => ({
      ...l,
      exercises: l.exercises.map(({ isHiddenDescription, description, ...x }) => ({ ...x, description: isHiddenDescription ? null : description })),
    }));
  });

  route(fastify, learningCalls.staff, async (request) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    return instructorsOf(db, course.id);
  });

  route(fastify, learningCalls.nextExercise, async (request, reply) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    const next = nextExercise(await courseOutline(db, course, user.accountId));
    if (!next) return reply.status(204).send();
    return { trainingId: course.id, lessonId: next.lessonId, exerciseId: next.id, label: next.label };
  });

  route(fastify, learningCalls.nextExerciseAfter, async (request, reply) => {
    const user = currentUser(request);
    const course = await loadMyCourse(db, user, request.params.courseId);
    const exerciseId = parseIntId(request.params.exerciseId);
    if (exerciseId === null) throw exerciseNotFound();
    const next = nextExercise(await courseOutline(db, course, user.accountId), exerciseId);
    if (!next) return reply.status(204).send();
    return { trainingId: course.id, lessonId: next.lessonId, exerciseId: next.id, label: next.label };
  });
}
