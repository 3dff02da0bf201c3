import { sql } from 'drizzle-orm';
import type { PathsAnalytics, PathsLesson, PathsStep, PathsTransition } from '../../../shared/calls/learningAnalytics.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
import { intArray, type Who } from '../journal/query.js';
import { courseExercises, courseStudents, percent } from './common.js';

/** The lessons of the course with the number of exercises it shows in each, in course order. */
export async function pathsLessons(db: Db, access: CourseAccess): Promise<PathsLesson[]> {
  const lessons = new Map<number, PathsLesson>();
  for (const e of await courseExercises(db, access)) {
    const l = lessons.get(e.lesson_id) ?? { id: e.lesson_id, label: e.lesson_label, exercises: 0 };
    l.exercises++;
    lessons.set(e.lesson_id, l);
  }
  return [...lessons.values()];
}

interface StepRow {
  pos: number;
  reached: number;
  completed: number;
  off: number;
  stopped: number;
}

interface MoveRow {
  prev: number | null;
  pos: number;
  students: number;
}

/** Transitions listed at most (the table's length). */
const TRANSITIONS = 20;

/**
 * Paths through the course: the intended order is the course order of its exercises (of the
 * chosen lessons); a student's order taken is the order in which they started them. A step is
 * reached when its progress is beyond not started; drop-off is against the step before; a
 * student stopped at the step of their last activity when they have not completed it.
 */
export async function pathsAnalytics(db: Db, access: CourseAccess, who: Who, q: { lessonIds?: number[]; groupId?: number }): Promise<PathsAnalytics> {
  const lessonIds = q.lessonIds?.length ? new Set(q.lessonIds) : null;
  const exercises = (await courseExercises(db, access)).filter((e) => !lessonIds || lessonIds.has(e.lesson_id));
  const students = await courseStudents(db, access, who, { groupId: q.groupId });
  const n = exercises.length;
  const reached = new Array<number>(n).fill(0);
  const completed = new Array<number>(n).fill(0);
  const stopped = new Array<number>(n).fill(0);
  const outOfOrder = new Array<number>(n).fill(0);
  let finished = 0;
  let offOrder = 0;
  let transitions: PathsTransition[] = [];
  if (n && students.length) {
    // per student in the order taken (by start — the update time when a start was not recorded —
    // then course order): the furthest step started before and the step before; counted in SQL,
    // so a course of 1,000 students × 100 exercises sends back a few hundred rows, not 100,000
    const taken = sql`ex as (select x."id", (x."pos" - 1)::int as "pos" from unnest(${intArray(exercises.map((e) => e.id))}::int[]) with ordinality as x("id", "pos")),
      p as (
        select p."account_id", ex."pos", (p."status" in (4, 5) and not p."failed") as "done",
               coalesce(p."started_at", p."updated_at", 'epoch'::timestamptz) as "started",
               greatest(coalesce(p."completed_at", 'epoch'::timestamptz), coalesce(p."updated_at", 'epoch'::timestamptz), coalesce(p."started_at", 'epoch'::timestamptz)) as "last"
          from "exercise_progress" p join ex on ex."id" = p."exercise_id"
         where p."course_id" = ${access.course.id} and p."status" > 0 and p."account_id" = any(${intArray(students.map((s) => s.id))}::int[])),
      o as (
        select "account_id", "pos", "done", "last",
               max("pos") over (partition by "account_id" order by "started", "pos" rows between unbounded preceding and 1 preceding) as "furthest",
               lag("pos") over (partition by "account_id" order by "started", "pos") as "prev"
          from p),
      t as (select *, ("pos" > 0 and "pos" > coalesce("furthest", -1) + 1) as "off" from o)`;
    // one statement: `t` is read three times and materialised once
    const [r] = rowsOf<{ steps: StepRow[] | string | null; totals: { finished: number; off_order: number } | string; moves: MoveRow[] | string | null }>(
      await db.execute(sql`with ${taken},
          latest as (select distinct on ("account_id") "account_id", "pos", "done" from t order by "account_id", "last" desc, "pos"),
          steps as (
            select s."pos", s."reached", s."completed", s."off", coalesce(l."stopped", 0)::int as "stopped" from
              (select "pos", count(*)::int as "reached", (count(*) filter (where "done"))::int as "completed", (count(*) filter (where "off"))::int as "off" from t group by "pos") s
              left join (select "pos", count(*)::int as "stopped" from latest where not "done" group by "pos") l on l."pos" = s."pos"),
          totals as (
            select (count(*) filter (where "done_all"))::int as "finished", (count(*) filter (where "any_off"))::int as "off_order"
              from (select "account_id", count(*) filter (where "done") = ${n} as "done_all", bool_or("off") as "any_off" from t group by "account_id") x),
          moves as (
            select "prev", "pos", count(*)::int as "students" from t group by "prev", "pos"
             order by count(*) desc, "pos", "prev" nulls first limit ${TRANSITIONS})
        select (select json_agg(steps) from steps) as "steps", (select row_to_json(totals) from totals) as "totals",
               (select json_agg(moves) from moves) as "moves"`),
    );
    const perStep = jsonOf(r.steps) ?? [];
    const totals = jsonOf(r.totals)!;
    const moves = jsonOf(r.moves) ?? [];
    for (const step of perStep) {
      reached[step.pos] = step.reached;
      completed[step.pos] = step.completed;
      outOfOrder[step.pos] = step.off;
      stopped[step.pos] = step.stopped;
    }
    finished = totals.finished;
    offOrder = totals.off_order;
    transitions = moves.map((m) => ({
      fromExerciseId: m.prev === null ? null : exercises[m.prev].id,
      toExerciseId: exercises[m.pos].id,
      students: m.students,
      jump: m.prev === null ? m.pos !== 0 : m.prev + 1 !== m.pos,
    }));
  }

  const steps: PathsStep[] = exercises.map((e, i) => {
    const dropOff = i === 0 ? 0 : Math.max(0, reached[i - 1] - reached[i]);
    return {
      exerciseId: e.id,
      label: e.label,
      exerciseType: e.exercise_type,
      lessonId: e.lesson_id,
      lessonLabel: e.lesson_label,
      position: i + 1,
      reached: reached[i],
      completed: completed[i],
      dropOff,
      dropOffPercent: i === 0 ? 0 : percent(dropOff, reached[i - 1]),
      stoppedHere: stopped[i],
      outOfOrder: outOfOrder[i],
    };
  });
  return { students: students.length, finished, offOrder, steps, transitions };
}
