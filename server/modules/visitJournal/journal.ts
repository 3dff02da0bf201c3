import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ExerciseJournalRow, GroupPerformance, JournalExercise, JournalGroup, JournalRow, VisitMark, VisitSource } from '../../../shared/calls/visitJournal.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, enrolments, exercises, groups, visits } from '../../db/schema/index.js';
import { likePattern } from '../courses/common.js';
import { studentScope, type CourseAccess } from '../courses/access.js';
import type { ExerciseRow } from './access.js';

/** Present unless the student reported the absence themself (Trace/Absent). */
export function toMark(v: { source: string; markedAt: Date }): VisitMark {
  return { source: v.source as VisitSource, present: v.source !== 'absent', markedAt: v.markedAt.toISOString() };
}

export const toExercise = (e: ExerciseRow): JournalExercise => ({ id: e.id, label: e.label, exerciseType: e.exerciseType, sequence: e.sequence });

/** Who asks: a request's user, or the author a task acts for. */
export type Caller = Pick<AuthUser, 'accountId' | 'role'>;

export interface StudentFilter {
  groupId?: number | null;
  search?: string | null;
  /** students of these groups (the report) */
  groupIds?: number[] | null;
  accountId?: number | null;
  /** students whose attribute has the value (each pair must hold) */
  attributes?: { attributeId: number; value: string }[] | null;
}

/** The studying students of the course the caller may see, filtered. */
export function studentsWhere(access: CourseAccess, user: Caller, f: StudentFilter): SQL | undefined {
  const s = f.search?.trim();
  return and(
    eq(enrolments.courseId, access.course.id),
    eq(enrolments.status, 1),
    f.groupId === 0 ? isNull(enrolments.groupId) : f.groupId ? eq(enrolments.groupId, f.groupId) : undefined,
    f.groupIds?.length ? inArray(enrolments.groupId, f.groupIds) : undefined,
    f.accountId ? eq(enrolments.accountId, f.accountId) : undefined,
    ...(f.attributes ?? []).map(
      (a) => sql`exists (select 1 from "attribute_values" av where av."account_id" = ${enrolments.accountId} and av."attribute_id" = ${a.attributeId} and av."value" = ${a.value} and (av."training_id" is null or av."training_id" = ${access.course.id}))`,
    ),
    s ? or(ilike(accounts.email, likePattern(s)), ilike(sql`coalesce(${accounts.lastName}, '') || ' ' || coalesce(${accounts.firstName}, '')`, likePattern(s)), ilike(sql`coalesce(${accounts.firstName}, '') || ' ' || coalesce(${accounts.lastName}, '')`, likePattern(s))) : undefined,
    studentScope(access, user, enrolments.accountId),
  );
}

/** A page of the course's students (name order) and how many match. */
export async function studentPage(db: Db, access: CourseAccess, user: Caller, f: StudentFilter, take: number, skip: number) {
  const where = studentsWhere(access, user, f);
  const [{ total }] = await db.select({ total: count() }).from(enrolments).innerJoin(accounts, eq(accounts.id, enrolments.accountId)).where(where);
  const rows = await db
    .select({ studentId: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email, groupId: enrolments.groupId, groupLabel: groups.label })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
    .leftJoin(groups, eq(groups.id, enrolments.groupId))
    .where(where)
    .orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id))
    .limit(take)
    .offset(skip);
  return { rows, total };
}

/** The marks of these students in the course on a lesson (its own mark) and on the given exercises. */
export function marksOf(db: Db, courseId: number, studentIds: number[], lessonIds: number[], exerciseIds: number[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return db
    .select({ studentId: visits.studentId, lessonId: visits.lessonId, exerciseId: visits.exerciseId, source: visits.source, markedAt: visits.markedAt })
    .from(visits)
    .where(
      and(
        eq(visits.courseId, courseId),
        inArray(visits.studentId, studentIds),
        or(
          exerciseIds.length ? inArray(visits.exerciseId, exerciseIds) : sql`false`,
          lessonIds.length ? and(isNull(visits.exerciseId), inArray(visits.lessonId, lessonIds)) : sql`false`,
        ),
      ),
    );
}

/** Lesson view: the students with the lesson's mark and a mark per exercise. */
export async function lessonRows(db: Db, access: CourseAccess, user: AuthUser, lessonId: number, lessonExercises: ExerciseRow[], f: StudentFilter, take: number, skip: number) {
  const { rows, total } = await studentPage(db, access, user, f, take, skip);
  const marks = await marksOf(db, access.course.id, rows.map((r) => r.studentId), [lessonId], lessonExercises.map((e) => e.id));
  const byStudent = new Map<number, JournalRow>(rows.map((r) => [r.studentId, { ...r, lesson: null, exercises: {} }]));
  for (const m of marks) {
    const row = byStudent.get(m.studentId)!;
    if (m.exerciseId === null) row.lesson = toMark(m);
    else row.exercises[String(m.exerciseId)] = toMark(m);
  }
  return { result: [...byStudent.values()], metadata: { filteredRecords: total } };
}

/** Exercise view: the students with their mark of one exercise. */
export async function exerciseRows(db: Db, access: CourseAccess, user: AuthUser, exercise: ExerciseRow, f: StudentFilter, take: number, skip: number) {
  const { rows, total } = await studentPage(db, access, user, f, take, skip);
  const marks = await marksOf(db, access.course.id, rows.map((r) => r.studentId), [], [exercise.id]);
  const byStudent = new Map(marks.map((m) => [m.studentId, toMark(m)]));
  const result: ExerciseJournalRow[] = rows.map((r) => ({ ...r, mark: byStudent.get(r.studentId) ?? null }));
  return { result, metadata: { filteredRecords: total } };
}

/** The course's groups with their studying students (those the caller sees). */
export async function groupList(db: Db, access: CourseAccess, user: AuthUser): Promise<JournalGroup[]> {
  const rows = await db
    .select({ id: groups.id, label: groups.label, students: sql<number>`count(${enrolments.id})::int` })
    .from(groups)
    .leftJoin(enrolments, and(eq(enrolments.groupId, groups.id), eq(enrolments.status, 1), studentScope(access, user, enrolments.accountId)))
    .where(eq(groups.courseId, access.course.id))
    .groupBy(groups.id)
    .orderBy(asc(groups.label), asc(groups.id));
  return rows.map((r) => ({ ...r, students: Number(r.students) }));
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * Group performance: per group of the course (and the students without one), how many of its
 * students were present at each lesson — a lesson mark or a mark of one of its exercises, not a
 * reported absence — and the share over all the lessons.
 */
export async function groupPerformance(db: Db, access: CourseAccess, user: AuthUser, lessonList: { id: number; label: string }[]): Promise<GroupPerformance> {
  const courseId = access.course.id;
  const scope = studentsWhere(access, user, {});
  const sizes = await db
    .select({ groupId: enrolments.groupId, label: groups.label, students: count() })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
    .leftJoin(groups, eq(groups.id, enrolments.groupId))
    .where(scope)
    .groupBy(enrolments.groupId, groups.label);
  const named = await groupList(db, access, user);
  const lessonIds = lessonList.map((l) => l.id);
  const lessonOf = sql<number>`coalesce(${exercises.lessonId}, ${visits.lessonId})`;
  const present = lessonIds.length
    ? await db
        .select({ groupId: enrolments.groupId, lessonId: lessonOf, present: sql<number>`count(distinct ${visits.studentId})::int` })
        .from(visits)
        .innerJoin(enrolments, and(eq(enrolments.courseId, visits.courseId), eq(enrolments.accountId, visits.studentId)))
        .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
        .leftJoin(exercises, eq(exercises.id, visits.exerciseId))
        .where(and(eq(visits.courseId, courseId), sql`${visits.source} <> 'absent'`, scope, inArray(lessonOf, lessonIds)))
        .groupBy(enrolments.groupId, lessonOf)
    : [];
  const size = new Map(sizes.map((s) => [s.groupId, Number(s.students)]));
  const rows: GroupPerformance['groups'] = [...named.map((g) => ({ id: g.id as number | null, label: g.label as string | null })), ...(size.has(null) ? [{ id: null, label: null }] : [])].map((g) => {
    const students = size.get(g.id) ?? 0;
    const perLesson: Record<string, { present: number; percent: number }> = {};
    let sum = 0;
    for (const l of lessonList) {
      const n = Number(present.find((p) => p.groupId === g.id && Number(p.lessonId) === l.id)?.present ?? 0);
      sum += n;
      perLesson[String(l.id)] = { present: n, percent: percent(n, students) };
    }
    return { ...g, students, lessons: perLesson, percent: percent(sum, students * lessonList.length) };
  });
  return { lessons: lessonList.map((l) => ({ id: l.id, label: l.label })), groups: rows };
}

export type { JournalRow };
