import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { learningCalls } from '../../../shared/calls/learning.js';
import { currentUser } from '../../auth/context.js';
import { courses, exercises, lessons, schedules } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { myStudyCourseIds } from './outline.js';

/**
 * The events calendar (spec 3 §7.3): days of a month with events of my courses
 * (GET /api/students/trainings/{YYYY-MM}/highlight) and one day's events
 * (GET /api/students/trainings/{YYYY-MM-DD}). Days are UTC days.
 */
function monthRange(s: string): [Date, Date] | null {
  const m = /^(\d{4})-(\d{2})$/.exec(s);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12 || y < 1970 || y > 9998) return null;
  return [new Date(Date.UTC(y, mo - 1, 1)), new Date(Date.UTC(y, mo, 1))];
}

function dayRange(s: string): [Date, Date] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return null;
  return [d, new Date(d.getTime() + 86_400_000)];
}

export function registerCalendarRoutes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, learningCalls.calendarMonth, async (request) => {
    const user = currentUser(request);
    const range = monthRange(request.params.month);
    if (!range) throw badRequest('BadMonth', { fields: { month: 'validation.invalid' } });
    const rows = await db
      .selectDistinct({ day: sql<string>`to_char(${schedules.begin} at time zone 'UTC', 'YYYY-MM-DD')` })
      .from(schedules)
      .where(and(gte(schedules.begin, range[0]), lt(schedules.begin, range[1]), sql`${schedules.courseId} in ${myStudyCourseIds(user.accountId)}`));
    return rows.map((r) => r.day).sort();
  });

  route(fastify, learningCalls.calendarDay, async (request) => {
    const user = currentUser(request);
    const range = dayRange(request.params.date);
    if (!range) throw badRequest('BadDate', { fields: { date: 'validation.invalid' } });
    const rows = await db
      .select({
        date: schedules.begin,
        end: schedules.end,
        location: schedules.location,
        exercise: exercises.label,
        lesson: lessons.label,
        exercise_Id: schedules.exerciseId,
        lesson_Id: sql<number | null>`coalesce(${schedules.lessonId}, ${exercises.lessonId})`,
        trainingId: schedules.courseId,
        trainingLabel: courses.label,
        isScheduleAffectAccess: schedules.affectsAccess,
      })
      .from(schedules)
      .innerJoin(courses, eq(courses.id, schedules.courseId))
      .leftJoin(exercises, eq(exercises.id, schedules.exerciseId))
      .leftJoin(lessons, sql`${lessons.id} = coalesce(${schedules.lessonId}, ${exercises.lessonId})`)
      .where(and(gte(schedules.begin, range[0]), lt(schedules.begin, range[1]), sql`${schedules.courseId} in ${myStudyCourseIds(user.accountId)}`))
      .orderBy(asc(schedules.begin), asc(schedules.id));
    return rows;
  });
}
