import { sql, type SQL } from 'drizzle-orm';
import { JOURNAL_DEFAULT_TYPES, type GradeAggregates, type JournalCell, type JournalFilter, type JournalStudent, type StudentsJournal } from '../../../shared/calls/journal.js';
import type { ExerciseProgressStatus, ExerciseType } from '../../../shared/enums.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { studentScope, type CourseAccess } from '../courses/access.js';
import { likePattern } from '../courses/common.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
import { shownInCourse } from '../learning/availability.js';
import { SENT_LATE_MS } from '../../../shared/http/answerClock.js';

/**
 * The students journal (spec 1 §2.9): the studying students of a course × the exercises the
 * course shows (of the chosen types), in two statements whatever the size: the exercises with
 * their column aggregations over every matching student, then one page of students with their
 * cells. Tutors see their assigned students only (courses/access.ts studentScope).
 */

/** The caller (or a task's author): a tutor's journal keeps their assigned students only. */
export type Who = Pick<AuthUser, 'accountId' | 'role'>;

/** Done for the journal: completed or completed without verification (spec 2 §4 statuses 4, 5), unless a failed SCORM result. */
const DONE = [4, 5];

export const journalTypes = (f: Pick<JournalFilter, 'exerciseTypes'>): ExerciseType[] =>
  (f.exerciseTypes?.length ? [...new Set(f.exerciseTypes)] : [...JOURNAL_DEFAULT_TYPES]) as ExerciseType[];

/** Postgres int[] literal of ids (one parameter, whatever the count). */
export const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** The course's studying students the filters and the caller's scope keep, as a condition on `en` (enrolments) and `a` (accounts). */
export function studentsWhere(access: CourseAccess, who: Who, f: Pick<JournalFilter, 'groupId' | 'search'>): SQL {
  const s = f.search?.trim();
  const scope = studentScope(access, who, sql`en."account_id"`);
  return sql`en."course_id" = ${access.course.id} and en."status" = 1
    ${f.groupId ? sql`and en."group_id" = ${f.groupId}` : sql``}
    ${s ? sql`and (a."email" ilike ${likePattern(s)} or (coalesce(a."last_name", '') || ' ' || coalesce(a."first_name", '')) ilike ${likePattern(s)} or (coalesce(a."first_name", '') || ' ' || coalesce(a."last_name", '')) ilike ${likePattern(s)})` : sql``}
    ${scope ? sql`and ${scope}` : sql``}`;
}

/** The exercises the course shows, of `types`, in course order, as a query over `e` (exercises) and `l` (lessons). */
export function courseExercisesSql(access: CourseAccess, types: readonly number[]): SQL {
  return sql`select e."id", e."label", e."exercise_type", l."id" as "lesson_id", l."label" as "lesson_label", l."sequence" as "lesson_seq", e."sequence" as "seq"
    from "exercises" e join "lessons" l on l."id" = e."lesson_id"
    where e."program_id" = ${access.course.programId} and e."exercise_type" = any(${intArray(types)}::int[])
      and ${shownInCourse(sql`e."id"`, sql`l."constraints"`, access.course.id)}`;
}

const round = (n: number | null) => (n === null || !Number.isFinite(n) ? null : Math.round(n * 100) / 100);

/** Spec 2 §4 grade aggregation over cells (null cells count as not done). */
export function aggregate(cells: readonly (JournalCell | null)[]): GradeAggregates {
  let sum = 0;
  let n = 0;
  let max: number | null = null;
  let min: number | null = null;
  let done = 0;
  let withoutDigit = 0;
  for (const c of cells) {
    if (!c) continue;
    if (c.score !== null) {
      sum += c.score;
      n++;
      max = max === null ? c.score : Math.max(max, c.score);
      min = min === null ? c.score : Math.min(min, c.score);
    }
    if (DONE.includes(c.status) && !c.failed) {
      done++;
      if (c.score === null) withoutDigit++;
    }
  }
  return {
    average: n ? round(sum / n) : null,
    max: round(max),
    min: round(min),
    sum: round(sum) ?? 0,
    donePercent: cells.length ? Math.round((done / cells.length) * 1000) / 10 : 0,
    withoutDigit,
  };
}

interface ExerciseRow {
  id: number;
  label: string;
  exercise_type: number;
  lesson_id: number;
  lesson_label: string;
  average: number | null;
  max: number | null;
  min: number | null;
  sum: number | null;
  done: number;
  without_digit: number;
  students: number;
}

/** A progress row as the students query lists it: [exerciseId, status, score, failed] */
type RawCell = [number, number, number | null, boolean];
/** An exercise with answers sent late (issue 31): [exerciseId, when the latest of them was made] */
type RawLate = [number, string];

interface StudentRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  group_id: number | null;
  group_label: string | null;
  total: number;
  cells: RawCell[] | string;
  late: RawLate[] | string;
  states: string[] | string;
}

export interface JournalPage extends JournalFilter {
  take: number;
  skip: number;
}

/** The journal: exercises with column aggregations, one page of students with cells and row aggregations. */
export async function studentsJournal(db: Db, access: CourseAccess, who: Who, q: JournalPage): Promise<StudentsJournal> {
  const types = journalTypes(q);
  const where = studentsWhere(access, who, q);
  const courseId = access.course.id;

  // 1. the exercises, each with its aggregation over every matching student (all pages)
  const exRows = rowsOf<ExerciseRow>(
    await db.execute(sql`
      with st as (select en."account_id" from "enrolments" en join "accounts" a on a."id" = en."account_id" where ${where}),
           ex as (${courseExercisesSql(access, types)})
      select ex."id", ex."label", ex."exercise_type", ex."lesson_id", ex."lesson_label",
             avg(p."score")::float8 as "average", max(p."score")::float8 as "max", min(p."score")::float8 as "min", sum(p."score")::float8 as "sum",
             (count(*) filter (where p."status" in (4, 5) and not p."failed"))::int as "done",
             (count(*) filter (where p."status" in (4, 5) and not p."failed" and p."score" is null))::int as "without_digit",
             (select count(*)::int from st) as "students"
        from ex
        left join "exercise_progress" p on p."course_id" = ${courseId} and p."exercise_id" = ex."id" and p."account_id" in (select "account_id" from st)
       group by ex."id", ex."label", ex."exercise_type", ex."lesson_id", ex."lesson_label", ex."lesson_seq", ex."seq"
       order by ex."lesson_seq", ex."lesson_id", ex."seq", ex."id"`),
  );
  const exercises = exRows.map((r) => ({
    id: r.id,
    label: r.label,
    exerciseType: r.exercise_type as ExerciseType,
    lessonId: r.lesson_id,
    lessonLabel: r.lesson_label,
    aggregates: {
      average: round(r.average),
      max: round(r.max),
      min: round(r.min),
      sum: round(r.sum) ?? 0,
      donePercent: r.students ? Math.round((r.done / r.students) * 1000) / 10 : 0,
      withoutDigit: r.without_digit,
    },
  }));
  const column = new Map(exercises.map((e, i) => [e.id, i]));
  const ids = exercises.map((e) => e.id);

  // 2. one page of students, each with their progress rows on these exercises
  const stRows = rowsOf<StudentRow>(
    await db.execute(sql`
      select a."id", a."first_name", a."last_name", a."email", en."group_id", g."label" as "group_label",
             (count(*) over ())::int as "total",
             (select coalesce(jsonb_agg(distinct r."state"), '[]'::jsonb) from "predicate_runs" r
               where r."course_id" = ${courseId} and r."account_id" = a."id" and r."state" is not null) as "states",
             (select coalesce(jsonb_agg(jsonb_build_array(p."exercise_id", p."status", p."score", p."failed")), '[]'::jsonb)
                from "exercise_progress" p
               where p."course_id" = ${courseId} and p."account_id" = a."id" and p."exercise_id" = any(${intArray(ids)}::int[])) as "cells",
             -- answers made without a connection and received well after (study/answerClock.ts sentLate)
             (select coalesce(jsonb_agg(jsonb_build_array(x."exercise_id", x."at")), '[]'::jsonb)
                from (select t."exercise_id", max(w."answered_at") as "at"
                        from "attempts" t join "answers" w on w."attempt_id" = t."id"
                       where t."course_id" = ${courseId} and t."account_id" = a."id" and t."exercise_id" = any(${intArray(ids)}::int[])
                         and w."received_at" - w."answered_at" >= ${SENT_LATE_MS}::int * interval '1 millisecond'
                       group by t."exercise_id") x) as "late"
        from "enrolments" en
        join "accounts" a on a."id" = en."account_id"
        left join "groups" g on g."id" = en."group_id"
       where ${where}
       order by a."last_name" nulls last, a."first_name" nulls last, a."id"
       limit ${q.take} offset ${q.skip}`),
  );
  let total = stRows[0]?.total ?? 0;
  if (stRows.length === 0 && q.skip > 0) {
    // a page past the end: the count still answers
    const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as "n" from "enrolments" en join "accounts" a on a."id" = en."account_id" where ${where}`));
    total = c?.n ?? 0;
  }
  const students: JournalStudent[] = stRows.map((r) => {
    const cells: (JournalCell | null)[] = new Array(ids.length).fill(null);
    const raw = jsonOf(r.cells);
    for (const [exerciseId, status, score, failed] of raw) {
      const i = column.get(exerciseId);
      if (i !== undefined) cells[i] = failed ? { status: status as ExerciseProgressStatus, score, failed: true } : { status: status as ExerciseProgressStatus, score };
    }
    const late = jsonOf(r.late);
    for (const [exerciseId, at] of late) {
      const c = cells[column.get(exerciseId) ?? -1];
      if (c) c.sentLateAt = new Date(at).toISOString();
    }
    return {
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      groupId: r.group_id,
      groupLabel: r.group_label,
      cells,
      aggregates: aggregate(cells),
      states: jsonOf(r.states),
    };
  });
  return { exercises, students, total, exerciseTypes: types };
}
