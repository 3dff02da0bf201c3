import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ListAnswer } from '../../../shared/account.js';
import { courseCalls as calls } from '../../../shared/calls/courses.js';
import { DatesVisibility, type AllCoursesItem, type CourseOption } from '../../../shared/courses.js';
import { codesOf, type CourseTabFilter as TabFilter } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, attributes, courses, exercises, groups, lessons, programs } from '../../db/schema/index.js';
import { requestLang } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { courseOf } from '../../auth/courseScope.js';
import { visibleCoursesWhere } from './access.js';
import { route } from '../../http/route.js';
import { fullName, iso } from './common.js';
import { dateFilterWhere, listCourses, searchWhere } from './records.js';

/** The visible courses among `ids`, with their program ids. */
async function visibleCoursesAmong(db: Db, user: AuthUser, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: courses.id, programId: courses.programId })
    .from(courses)
    .where(and(inArray(courses.id, ids), visibleCoursesWhere(user)));
}

const canOpenOf = (user: AuthUser) =>
  user.role === 'Root'
    ? sql<boolean>`true`
    : sql<boolean>`(${courses.createdBy} = ${user.accountId} or exists (select 1 from "course_instructors" ci where ci."course_id" = "courses"."id" and ci."account_id" = ${user.accountId}))`;

/** spec 3 §7.9 "Lists". */
export function registerListRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.options, async (request): Promise<CourseOption[]> => {
    const rows = await db
      .select({ id: courses.id, label: courses.label, begin: courses.begin, end: courses.end })
      .from(courses)
      .where(visibleCoursesWhere(currentUser(request)))
      .orderBy(asc(courses.label), asc(courses.id));
    return rows.map((r) => ({ ...r, begin: iso(r.begin), end: iso(r.end) }));
  });

  route(fastify, calls.all, async (request): Promise<ListAnswer<AllCoursesItem>> => {
    const user = currentUser(request);
    const q = request.query;
    const where = and(dateFilterWhere(q.dateFilter as TabFilter), searchWhere(q.search));
    const [{ total }] = await db.select({ total: count() }).from(courses).where(where);
    const rows = await db
      .select({
        id: courses.id,
        label: courses.label,
        begin: courses.begin,
        end: courses.end,
        programLabel: programs.label,
        studentsCount: sql<number>`(select count(*)::int from "enrolments" e where e."course_id" = "courses"."id" and e."status" = 1)`,
        authorId: accounts.id,
        authorEmail: accounts.email,
        authorFirst: accounts.firstName,
        authorLast: accounts.lastName,
        canOpen: canOpenOf(user),
      })
      .from(courses)
      .innerJoin(programs, eq(programs.id, courses.programId))
      .leftJoin(accounts, eq(accounts.id, courses.createdBy))
      .where(where)
      .orderBy(sql`${courses.begin} desc nulls last`, desc(courses.id))
      .limit(q.take)
      .offset(q.skip);
    return {
      result: rows.map((r) => ({
        id: r.id,
        label: r.label,
        begin: iso(r.begin),
        end: iso(r.end),
        programLabel: r.programLabel,
        studentsCount: Number(r.studentsCount),
        createdBy: r.authorId !== null ? { id: r.authorId, email: r.authorEmail ?? '', name: fullName({ firstName: r.authorFirst, lastName: r.authorLast }) } : null,
        canOpen: Boolean(r.canOpen),
      })),
      metadata: { filteredRecords: total },
    };
  });

  route(fastify, calls.list, async (request) => listCourses(db, currentUser(request), request.query));

  route(fastify, calls.progressFilterExercises, async (request) => {
    const { course } = courseOf(request);
    return db
      .select({ id: exercises.id, label: exercises.label, exerciseType: exercises.exerciseType, lessonId: lessons.id, lessonLabel: lessons.label })
      .from(exercises)
      .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
      .where(eq(exercises.programId, course.programId))
      .orderBy(lessons.sequence, lessons.id, exercises.sequence, exercises.id);
  });

  route(fastify, calls.attributes, async () =>
    db
      .select({ id: attributes.id, label: attributes.label, name: attributes.name, type: attributes.type, options: attributes.options, regex: attributes.regex })
      .from(attributes)
      .orderBy(attributes.sequence, attributes.id),
  );

  route(fastify, calls.datesVisibility, async (request) => {
    const lang = requestLang(request);
    return codesOf(DatesVisibility).map((id) => ({ id, label: translate(lang, `courses.datesVisibility.${id}`) }));
  });

  route(fastify, calls.groupsOfCourses, async (request) => {
    const ids = [...(request.query.TrainingIds ?? []), ...(request.query.trainingIds ?? [])];
    const visible = await visibleCoursesAmong(db, currentUser(request), ids);
    if (visible.length === 0) return [];
    return db
      .select({ id: groups.id, label: groups.label, trainingId: groups.courseId })
      .from(groups)
      .where(inArray(groups.courseId, visible.map((c) => c.id)))
      .orderBy(groups.courseId, groups.label, groups.id);
  });

  route(fastify, calls.lessonsOfCourses, async (request) => {
    const visible = await visibleCoursesAmong(db, currentUser(request), request.body.trainingIds);
    if (visible.length === 0) return [];
    const rows = await db
      .select({ id: lessons.id, label: lessons.label, programId: lessons.programId, sequence: lessons.sequence })
      .from(lessons)
      .where(inArray(lessons.programId, [...new Set(visible.map((c) => c.programId))]))
      .orderBy(lessons.sequence, lessons.id);
    return visible.flatMap((c) => rows.filter((l) => l.programId === c.programId).map((l) => ({ ...l, trainingId: c.id })));
  });

  route(fastify, calls.exercisesOfCourses, async (request) => {
    const visible = await visibleCoursesAmong(db, currentUser(request), request.body.trainingIds);
    if (visible.length === 0) return [];
    const lessonIds = request.body.lessonIds ?? [];
    const rows = await db
      .select({ id: exercises.id, label: exercises.label, lessonId: exercises.lessonId, programId: exercises.programId, exerciseType: exercises.exerciseType, sequence: exercises.sequence })
      .from(exercises)
      .where(
        and(
          inArray(exercises.programId, [...new Set(visible.map((c) => c.programId))]),
          lessonIds.length ? inArray(exercises.lessonId, lessonIds) : undefined,
        ),
      )
      .orderBy(exercises.sequence, exercises.id);
    return visible.flatMap((c) => rows.filter((e) => e.programId === c.programId).map((e) => ({ ...e, trainingId: c.id })));
  });
}
