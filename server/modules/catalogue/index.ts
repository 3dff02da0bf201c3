import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { catalogueCalls } from '../../../shared/calls/catalogue.js';
import { CourseTabFilter, DEFAULT_COURSE_TAB_FILTER } from '../../../shared/enums.js';
import type { CoursePreview } from '../../../shared/learning.js';
import { courses, enrollmentApplications, enrolments } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { dateFilterWhere } from '../courses/records.js';
import { instructorsOf } from '../learning/coursePage.js';
import { courseExercises, trainingNotFound } from '../learning/outline.js';
import { registerJoinRoutes } from './join.js';
import { searchCondition } from './search.js';

/**
 * The catalogue (spec 1 §2.2–2.3, spec 3 §7.3): POST /api/catalog for everyone (guests too)
 * over published courses, the course preview GET /api/catalog/course/{courseId}, and joining
 * (join.ts). Search over label and keywords (ILIKE, escaped, trigram-indexed), CourseTabFilter by dates.
 */


export function datesStatus(c: { begin: Date | null; end: Date | null }, now = new Date()): CoursePreview['datesStatus'] {
  if (c.end && c.end < now) return 'past';
  if (c.begin && c.begin > now) return 'future';
  return 'current';
}

export const catalogueModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  route(fastify, catalogueCalls.list, async (request) => {
    const { take, skip } = request.query;
    const filter = request.body?.filter ?? DEFAULT_COURSE_TAB_FILTER;
    const where = and(eq(courses.isPublished, true), dateFilterWhere(filter as CourseTabFilter), searchCondition(request.body?.search));
    // the total rides on the page query (one pass over the matches, not two); a page past the end has no rows to carry it
    const page = await db
      .select({ id: courses.id, label: courses.label, picture: courses.picture, begin: courses.begin, end: courses.end, total: sql<number>`count(*) over ()` })
      .from(courses)
      .where(where)
      .orderBy(sql`${courses.begin} desc nulls last`, asc(courses.id))
      .limit(take)
      .offset(skip);
    const n = page.length ? page[0].total : skip ? (await db.select({ n: count() }).from(courses).where(where))[0].n : 0;
    const rows = page.map(({ total: _total, ...card }) => card);
    return { result: rows, metadata: { filteredRecords: Number(n) } };
  });

  route(fastify, catalogueCalls.preview, async (request) => {
    const id = parseIntId(request.params.courseId);
    if (id === null) throw trainingNotFound();
    const user = request.user;
    const [course] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
    let enrolment: typeof enrolments.$inferSelect | undefined;
    if (user && course) [enrolment] = await db.select().from(enrolments).where(and(eq(enrolments.courseId, id), eq(enrolments.accountId, user.accountId)));
    if (!course || (!course.isPublished && enrolment?.status !== 1)) throw trainingNotFound();

    const exRows = await courseExercises(db, course);
    const staff = await instructorsOf(db, id);
    let applicationPending = false;
    if (user) {
      const [a] = await db
        .select({ id: enrollmentApplications.id })
        .from(enrollmentApplications)
        .where(and(eq(enrollmentApplications.courseId, id), eq(enrollmentApplications.accountId, user.accountId), eq(enrollmentApplications.status, 'pending')))
        .limit(1);
      applicationPending = !!a;
    }
    const support = course.support ?? {};
    return {
      training: course.id,
      label: course.label,
      picture: course.picture,
      datesStatus: datesStatus(course),
      begin: course.begin,
      end: course.end,
      open: course.open,
      close: course.close,
      alwaysAvailableByDates: course.alwaysAvailableByDates,
      description: course.description,
      joinMode: course.joinMode,
      exercises: exRows.map(({ e, lessonLabel }) => ({
        id: e.id,
        label: e.label,
        description: e.isHiddenDescription ? null : e.description,
        kind: e.kind,
        exerciseType: e.exerciseType,
        lesson: lessonLabel,
      })),
      group: course.groupLabel ? { training: course.id, label: course.groupLabel } : null,
      instructors: staff.filter((s) => s.role === 'instructor'),
      tutors: staff.filter((s) => s.role === 'tutor'),
      support: support.hideSupport ? null : {
        initials: support.initials ?? null,
        hide_Support: !!support.hideSupport,
        telegramAddress: support.telegramAddress ?? null,
        emailAddress: support.emailAddress ?? null,
        phoneNumber: support.phoneNumber ?? null,
        isHideChatSupport: !!support.isHideChatSupport,
      },
      isJoined: enrolment?.status === 1,
      applicationPending,
    };
  });

  registerJoinRoutes(fastify);
};
