import { and, count, desc, eq, gt, ilike, isNull, lt, lte, or, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListAnswer } from '../../../shared/account.js';
import {
  DatesVisibility,
  type CourseDateStatus,
  type CourseListQuery,
  type CourseRecord,
  type StaffRef,
} from '../../../shared/courses.js';
import { CourseTabFilter, GradeAggregation, TrainingKind, type CourseRole, type CourseTabFilter as TabFilter } from '../../../shared/enums.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, courses, programs } from '../../db/schema/index.js';
import { memberOf, visibleCoursesWhere, type CourseRow } from './access.js';
import { fullName, iso, likePattern } from './common.js';

const tutor = alias(accounts, 'tutor');
const moderator = alias(accounts, 'moderator');

// Correlated subqueries spelled out: drizzle leaves columns unqualified in select fields.
const studentsCount = sql<number>`(select count(*)::int from "enrolments" e where e."course_id" = "courses"."id" and e."status" = 1)`;
const instructorsCount = sql<number>`(select count(*)::int from "course_instructors" ci where ci."course_id" = "courses"."id")`;
const myRoleOf = (user: AuthUser) =>
  sql<string | null>`(select ci."course_role" from "course_instructors" ci where ci."course_id" = "courses"."id" and ci."account_id" = ${user.accountId} limit 1)`;
const myPanelOf = (user: AuthUser) =>
  sql<number[] | null>`(select ci."panel_permissions" from "course_instructors" ci where ci."course_id" = "courses"."id" and ci."account_id" = ${user.accountId} limit 1)`;

function selection(user: AuthUser) {
  return {
    c: courses,
    programLabel: programs.label,
    tutorEmail: tutor.email,
    tutorFirst: tutor.firstName,
    tutorLast: tutor.lastName,
    moderatorEmail: moderator.email,
    moderatorFirst: moderator.firstName,
    moderatorLast: moderator.lastName,
    studentsCount,
    instructorsCount,
    myRole: myRoleOf(user),
    myPanel: myPanelOf(user),
  };
}

function baseQuery(db: Db, user: AuthUser) {
  return db
    .select(selection(user))
    .from(courses)
    .innerJoin(programs, eq(programs.id, courses.programId))
    .leftJoin(tutor, eq(tutor.id, courses.tutorId))
    .leftJoin(moderator, eq(moderator.id, courses.moderatorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Where a course stands today (spec 2 §4 CourseTabFilter). Unset dates are open-ended. */
export function dateStatus(c: Pick<CourseRow, 'begin' | 'end'>, now = new Date()): CourseDateStatus {
  if (c.begin && c.begin.getTime() > now.getTime()) return 'future';
  if (c.end && c.end.getTime() < now.getTime()) return 'past';
  return 'current';
}

/** The date filter as a condition: current = begun (or no begin) and not ended (or no end). */
export function dateFilterWhere(filter: TabFilter, now = new Date()): SQL | undefined {
  switch (filter) {
    case CourseTabFilter.current:
      return and(or(isNull(courses.begin), lte(courses.begin, now)), or(isNull(courses.end), gte(courses.end, now)));
    case CourseTabFilter.future:
      return gt(courses.begin, now);
    case CourseTabFilter.past:
      return lt(courses.end, now);
    default:
      return undefined;
  }
}

export function searchWhere(search: string | undefined): SQL | undefined {
  const s = search?.trim();
  if (!s) return undefined;
  const byLabel = ilike(courses.label, likePattern(s));
  return /^\d{1,9}$/.test(s) ? or(byLabel, eq(courses.id, Number(s))) : byLabel;
}

const staff = (id: number | null, email: string | null, first: string | null, last: string | null): StaffRef | null =>
  id !== null && email !== null ? { id, email, name: fullName({ firstName: first, lastName: last }) } : null;

function toRecord(user: AuthUser, r: Row, now: Date): CourseRecord {
  const c = r.c;
  const settings = (c.settings ?? {}) as Record<string, unknown>;
  const role = r.myRole as CourseRole | null;
  return {
    id: c.id,
    type: TrainingKind.course,
    programId: c.programId,
    programLabel: r.programLabel,
    label: c.label,
    description: c.description,
    footer: c.footer,
    picture: c.picture,
    begin: iso(c.begin),
    end: iso(c.end),
    open: iso(c.open),
    close: iso(c.close),
    alwaysAvailableByDates: c.alwaysAvailableByDates,
    groupLabel: c.groupLabel,
    tutor: staff(c.tutorId, r.tutorEmail, r.tutorFirst, r.tutorLast),
    moderator: staff(c.moderatorId, r.moderatorEmail, r.moderatorFirst, r.moderatorLast),
    tutorEmail: c.tutorId !== null ? r.tutorEmail : null,
    moderatorEmail: c.moderatorId !== null ? r.moderatorEmail : null,
    joinMode: c.joinMode,
    requiresEmailConfirmation: c.requiresEmailConfirmation,
    relatedCategory: c.relatedCategory,
    isPublished: c.isPublished,
    keywords: c.keywords,
    datesVisibility: (settings.datesVisibility as DatesVisibility | undefined) ?? DatesVisibility.all,
    gradeAggregation: (settings.gradeAggregation as GradeAggregation | undefined) ?? GradeAggregation.average,
    passingScore: typeof settings.passingScore === 'number' ? settings.passingScore : null,
    dateStatus: dateStatus(c, now),
    studentsCount: Number(r.studentsCount),
    instructorsCount: Number(r.instructorsCount),
    myRole: role ?? (c.createdBy === user.accountId ? 'creator' : null),
    member: memberOf(user, c, role ? { role, panel: r.myPanel ?? [] } : null),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The record of a course (the caller's visibility is checked by the caller). */
export async function courseRecord(db: Db, user: AuthUser, id: number): Promise<CourseRecord> {
  const [row] = await baseQuery(db, user).where(eq(courses.id, id)).limit(1);
  return toRecord(user, row, new Date());
}

/** GET .../Trainings/List: the caller's courses by date filter and search, paged. */
export async function listCourses(db: Db, user: AuthUser, q: CourseListQuery): Promise<ListAnswer<CourseRecord>> {
  const now = new Date();
  const where = and(visibleCoursesWhere(user), dateFilterWhere(q.dateFilter as TabFilter, now), searchWhere(q.search));
  const [{ total }] = await db.select({ total: count() }).from(courses).where(where);
  const rows = await baseQuery(db, user)
    .where(where)
    .orderBy(sql`${courses.begin} desc nulls last`, desc(courses.id))
    .limit(q.take)
    .offset(q.skip);
  return { result: rows.map((r) => toRecord(user, r, now)), metadata: { filteredRecords: total } };
}
