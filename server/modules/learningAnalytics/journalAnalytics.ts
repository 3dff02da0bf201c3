import { sql } from 'drizzle-orm';
import type { JournalFilter } from '../../../shared/calls/journal.js';
import { SCORE_BUCKETS, type JournalAnalytics, type JournalAnalyticsDay, type JournalAnalyticsGroup } from '../../../shared/calls/learningAnalytics.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { intArray, journalTypes, type Who } from '../journal/query.js';
import { courseExercises, courseStudents, dayOf, percent, time } from './common.js';

const DAY = 86_400_000;
/** Progress over time shows at most this many days (earlier completions start the curve). */
const PROGRESS_DAYS = 180;

interface CellRow {
  account_id: number;
  exercise_id: number;
  status: number;
  score: number | null;
  failed: boolean;
  max_score: number | null;
  completed_at: Date | string | null;
}

const bucketOf = (pct: number) => Math.min(SCORE_BUCKETS.length - 1, Math.floor(pct / (100 / SCORE_BUCKETS.length)));
const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => (xs.length ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return round1(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
}

/**
 * The students journal's analytics over the journal's filters (group, exercise types, search):
 * per exercise the distribution of scores in percent of the maximum (the last attempt's maximum,
 * else the best score of the column) and of statuses; per group the average, the done share and
 * the distribution of the students' own averages; completions per day with the cumulative share.
 */
export async function journalAnalytics(db: Db, access: CourseAccess, who: Who, q: JournalFilter): Promise<JournalAnalytics> {
  const types = journalTypes(q);
  const exercises = await courseExercises(db, access, types);
  const students = await courseStudents(db, access, who, q);
  const rows =
    exercises.length && students.length
      ? rowsOf<CellRow>(
          await db.execute(sql`select p."account_id", p."exercise_id", p."status", p."score", p."failed", la."max_score", p."completed_at"
            from "exercise_progress" p left join "attempts" la on la."id" = p."last_attempt_id"
            where p."course_id" = ${access.course.id} and p."status" > 0
              and p."exercise_id" = any(${intArray(exercises.map((e) => e.id))}::int[])
              and p."account_id" = any(${intArray(students.map((s) => s.id))}::int[])`),
        )
      : [];
  const best = new Map<number, number>();
  for (const r of rows) if (r.score !== null) best.set(r.exercise_id, Math.max(best.get(r.exercise_id) ?? 0, r.score));
  const pctOf = (r: CellRow): number | null => {
    if (r.score === null) return null;
    const max = r.max_score && r.max_score > 0 ? r.max_score : (best.get(r.exercise_id) ?? 0);
    return max > 0 ? Math.max(0, Math.min(100, (r.score / max) * 100)) : null;
  };
  const isDone = (r: CellRow) => (r.status === 4 || r.status === 5) && !r.failed;
  const byExercise = new Map<number, CellRow[]>();
  const byStudent = new Map<number, CellRow[]>();
  const add = (m: Map<number, CellRow[]>, key: number, r: CellRow) => {
    const list = m.get(key);
    if (list) list.push(r);
    else m.set(key, [r]);
  };
  for (const r of rows) {
    add(byExercise, r.exercise_id, r);
    add(byStudent, r.account_id, r);
  }

  const exerciseStats = exercises.map((e) => {
    const cells = byExercise.get(e.id) ?? [];
    const pcts = cells.map(pctOf).filter((p): p is number => p !== null);
    const buckets = SCORE_BUCKETS.map(() => 0);
    for (const p of pcts) buckets[bucketOf(p)]++;
    return {
      id: e.id,
      label: e.label,
      exerciseType: e.exercise_type,
      lessonLabel: e.lesson_label,
      buckets,
      scored: pcts.length,
      notStarted: students.length - cells.length,
      inProgress: cells.filter((c) => c.status === 1).length,
      evaluation: cells.filter((c) => c.status === 3 || (c.status === 4 && c.failed)).length,
      done: cells.filter(isDone).length,
      averagePercent: mean(pcts),
      medianPercent: median(pcts),
    };
  });

  const groups = new Map<number | null, { g: JournalAnalyticsGroup; pcts: number[]; done: number }>();
  for (const s of students) {
    const entry = groups.get(s.group_id) ?? { g: { groupId: s.group_id, label: s.group_label, students: 0, averagePercent: null, donePercent: 0, buckets: SCORE_BUCKETS.map(() => 0) }, pcts: [], done: 0 };
    entry.g.students++;
    const cells = byStudent.get(s.id) ?? [];
    const own = cells.map(pctOf).filter((p): p is number => p !== null);
    entry.pcts.push(...own);
    entry.done += cells.filter(isDone).length;
    const avg = mean(own);
    if (avg !== null) entry.g.buckets[bucketOf(avg)]++;
    groups.set(s.group_id, entry);
  }
  const groupStats = [...groups.values()]
    .map(({ g, pcts, done }) => ({ ...g, averagePercent: mean(pcts), donePercent: percent(done, g.students * exercises.length) }))
    .sort((a, b) => (a.label ?? '\uffff').localeCompare(b.label ?? '\uffff'));

  // completions per day, the curve starting with what was done before its first day
  const cellsTotal = students.length * exercises.length;
  const doneTimes = rows.filter(isDone).map((r) => time(r.completed_at)).filter((t): t is number => t !== null).sort((a, b) => a - b);
  const progress: JournalAnalyticsDay[] = [];
  if (doneTimes.length) {
    const today = Math.floor(Date.now() / DAY) * DAY;
    const last = Math.max(today, Math.floor(doneTimes[doneTimes.length - 1] / DAY) * DAY);
    const first = Math.max(Math.floor(doneTimes[0] / DAY) * DAY, last - (PROGRESS_DAYS - 1) * DAY);
    let i = 0;
    let cumulative = 0;
    while (i < doneTimes.length && doneTimes[i] < first) (cumulative++, i++);
    for (let d = first; d <= last; d += DAY) {
      let completed = 0;
      while (i < doneTimes.length && doneTimes[i] < d + DAY) (completed++, i++);
      cumulative += completed;
      progress.push({ day: dayOf(d), completed, cumulativePercent: percent(cumulative, cellsTotal) });
    }
  }
  return { students: students.length, exercises: exerciseStats, groups: groupStats, progress, exerciseTypes: types };
}
