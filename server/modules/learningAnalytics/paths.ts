import { sql } from 'drizzle-orm';
import type { PathsAnalytics, PathsLesson, PathsStep, PathsTransition } from '../../../shared/calls/learningAnalytics.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../courses/courseGroups/access.js';
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

interface ProgressRow {
  account_id: number;
  exercise_id: number;
  status: number;
  failed: boolean;
  /** epoch milliseconds (numbers parse far faster than a hundred thousand timestamps) */
  started_at: number | null;
  completed_at: number | null;
  updated_at: number | null;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch from p."${column}") * 1000)::float8 as "${column}"`);

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
  const position = new Map(exercises.map((e, i) => [e.id, i]));
  const rows = exercises.length && students.length
    ? rowsOf<ProgressRow>(
        await db.execute(sql`select p."account_id", p."exercise_id", p."status", p."failed", ${epochMs('started_at')}, ${epochMs('completed_at')}, ${epochMs('updated_at')}
          from "exercise_progress" p
          where p."course_id" = ${access.course.id} and p."status" > 0
            and p."exercise_id" = any(${intArray(exercises.map((e) => e.id))}::int[])
            and p."account_id" = any(${intArray(students.map((s) => s.id))}::int[])`),
      )
    : [];

  const n = exercises.length;
  const reached = new Array<number>(n).fill(0);
  const completed = new Array<number>(n).fill(0);
  const stopped = new Array<number>(n).fill(0);
  const outOfOrder = new Array<number>(n).fill(0);
  const moves = new Map<string, PathsTransition>();
  const byStudent = new Map<number, ProgressRow[]>();
  for (const r of rows) {
    const list = byStudent.get(r.account_id);
    if (list) list.push(r);
    else byStudent.set(r.account_id, [r]);
  }

  let finished = 0;
  let offOrder = 0;
  for (const list of byStudent.values()) {
    // the order taken: by start (the update time when a start was not recorded), then course order
    const started = (r: ProgressRow) => r.started_at ?? r.updated_at ?? 0;
    const taken = [...list].sort((a, b) => started(a) - started(b) || position.get(a.exercise_id)! - position.get(b.exercise_id)!);
    let done = 0;
    let furthest = -1;
    let off = false;
    let prev: number | null = null;
    for (const r of taken) {
      const i = position.get(r.exercise_id)!;
      reached[i]++;
      const isDone = (r.status === 4 || r.status === 5) && !r.failed;
      if (isDone) {
        completed[i]++;
        done++;
      }
      // started before an earlier step of the intended order (that one later or never)
      if (i > 0 && i > furthest + 1) {
        outOfOrder[i]++;
        off = true;
      }
      furthest = Math.max(furthest, i);
      const key = `${prev}:${r.exercise_id}`;
      const move = moves.get(key) ?? { fromExerciseId: prev, toExerciseId: r.exercise_id, students: 0, jump: prev === null ? i !== 0 : position.get(prev)! + 1 !== i };
      move.students++;
      moves.set(key, move);
      prev = r.exercise_id;
    }
    if (off) offOrder++;
    if (done === n) finished++;
    // the last activity: the latest of start, completion and update
    const last = (r: ProgressRow) => Math.max(r.completed_at ?? 0, r.updated_at ?? 0, r.started_at ?? 0);
    const latest = list.reduce((a, b) => (last(b) > last(a) ? b : a));
    if (!((latest.status === 4 || latest.status === 5) && !latest.failed)) stopped[position.get(latest.exercise_id)!]++;
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
  const transitions = [...moves.values()]
    .sort((a, b) => b.students - a.students || position.get(a.toExerciseId)! - position.get(b.toExerciseId)!)
    .slice(0, TRANSITIONS);
  return { students: students.length, finished, offOrder, steps, transitions };
}
