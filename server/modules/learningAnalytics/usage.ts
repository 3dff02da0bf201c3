import { sql } from 'drizzle-orm';
import {
  USAGE_ACTIVE_DAYS,
  USAGE_MAX_DAYS,
  WATCH_BIN_SECONDS,
  type RewatchedSegment,
  type UsageAnalytics,
  type UsageDay,
  type UsageGroup,
  type UsageStudent,
} from '../../../shared/calls/learningAnalytics.js';
import { readDay } from '../../../shared/days.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { intArray, type Who } from '../journal/query.js';
import { courseStudents, dayOf } from './common.js';

const DAY = 86_400_000;
/** The window without dates: the last 30 days up to today (or up to the course's end when it is over). */
const DEFAULT_DAYS = 30;
/** Re-watched bins listed at most. */
const REWATCHED = 15;

const startOf = (value: string) => {
  const r = readDay(value);
  return 'day' in r ? Date.UTC(r.day.year, r.day.month - 1, r.day.date) : null;
};

/** [from, to) of the window, at UTC midnights. */
export function usageWindow(course: { end: Date | null }, q: { begin?: string; end?: string }, now = Date.now()): { from: number; to: number } {
  const today = Math.floor(now / DAY) * DAY;
  const courseEnd = course.end ? Math.floor(course.end.getTime() / DAY) * DAY : null;
  const byDefault = courseEnd !== null && courseEnd < today ? courseEnd : today;
  const begin = q.begin ? startOf(q.begin)! : null;
  // a begin alone: up to the default end, never before begin nor longer than the longest window
  const last = q.end ? startOf(q.end)! : begin !== null ? Math.max(begin, Math.min(byDefault, begin + (USAGE_MAX_DAYS - 1) * DAY)) : byDefault;
  const first = begin ?? last - (DEFAULT_DAYS - 1) * DAY;
  return { from: first, to: last + DAY };
}

/** A student's activity on a day, as study_days keeps it (migration 0012). */
interface ActivityRow {
  account_id: number;
  day: string;
  visits: number;
  attendance: number;
  watch_seconds: number;
  answers: number;
}

interface BinRow {
  slide_id: number;
  slide_label: string;
  exercise_label: string;
  bin: number;
  rewatchers: number;
  rewatches: number;
}

/**
 * Usage of a course over a window of days: page visits of the course's pages (the visit log),
 * attendance marks, watch time (the recorded video segments) and answers saved, per day, per
 * student and per group; a student is active with any of them in the window's last
 * USAGE_ACTIVE_DAYS days. Re-watched video: WATCH_BIN_SECONDS-second bins a student's
 * segments covered more than once.
 */
export async function usageAnalytics(db: Db, access: CourseAccess, who: Who, q: { groupId?: number; begin?: string; end?: string }): Promise<UsageAnalytics> {
  const { from, to } = usageWindow(access.course, q);
  const students = await courseStudents(db, access, who, { groupId: q.groupId });
  const courseId = access.course.id;
  const ids = intArray(students.map((s) => s.id));
  const [f, t] = [new Date(from).toISOString(), new Date(to).toISOString()];
  // study_days: the day's counts kept by triggers as visits, marks, video segments and answers are written
  const rows = students.length
    ? rowsOf<ActivityRow>(
        await db.execute(sql`select d."account_id", to_char(d."day", 'YYYY-MM-DD') as "day", d."visits", d."attendance", d."watch_seconds", d."answers"
          from "study_days" d
          where d."course_id" = ${courseId} and d."account_id" = any(${ids}::int[]) and d."day" >= ${f}::date and d."day" < ${t}::date`),
      )
    : [];

  const days = new Map<string, UsageDay & { who: Set<number> }>();
  for (let d = from; d < to; d += DAY) days.set(dayOf(d), { day: dayOf(d), visits: 0, attendance: 0, watchSeconds: 0, answers: 0, activeStudents: 0, who: new Set() });
  const activeFrom = dayOf(Math.max(from, to - USAGE_ACTIVE_DAYS * DAY));
  const per = new Map<number, UsageStudent>(
    students.map((s) => [
      s.id,
      { id: s.id, firstName: s.first_name, lastName: s.last_name, email: s.email, groupId: s.group_id, groupLabel: s.group_label, visits: 0, attendance: 0, watchSeconds: 0, answers: 0, lastActivity: null, active: false },
    ]),
  );
  const fields = ['visits', 'attendance', 'watchSeconds', 'answers'] as const;
  for (const r of rows) {
    const d = days.get(r.day);
    const s = per.get(r.account_id);
    if (!d || !s) continue;
    const n = { visits: Number(r.visits), attendance: Number(r.attendance), watchSeconds: Number(r.watch_seconds), answers: Number(r.answers) };
    if (!fields.some((k) => n[k] > 0)) continue;
    for (const k of fields) {
      d[k] += n[k];
      s[k] += n[k];
    }
    d.who.add(r.account_id);
    if (!s.lastActivity || r.day > s.lastActivity) s.lastActivity = r.day;
    if (r.day >= activeFrom) s.active = true;
  }
  const byStudent = [...per.values()].map((s) => ({ ...s, watchSeconds: Math.round(s.watchSeconds) }));
  const groups = new Map<number | null, UsageGroup>();
  for (const s of byStudent) {
    const g = groups.get(s.groupId) ?? { groupId: s.groupId, label: s.groupLabel, students: 0, active: 0, visits: 0, attendance: 0, watchSeconds: 0, answers: 0 };
    g.students++;
    if (s.active) g.active++;
    g.visits += s.visits;
    g.attendance += s.attendance;
    g.watchSeconds += s.watchSeconds;
    g.answers += s.answers;
    groups.set(s.groupId, g);
  }
  const active = byStudent.filter((s) => s.active).length;
  return {
    begin: dayOf(from),
    end: dayOf(to - DAY),
    students: students.length,
    active,
    inactive: students.length - active,
    days: [...days.values()].map(({ who: w, ...d }) => ({ ...d, watchSeconds: Math.round(d.watchSeconds), activeStudents: w.size })),
    byStudent,
    byGroup: [...groups.values()].sort((a, b) => (a.label ?? '\uffff').localeCompare(b.label ?? '\uffff')),
    rewatched: students.length ? await rewatched(db, courseId, ids, f, t) : [],
  };
}

/**
 * The bins of video the students watched more than once (each student's segments over the window).
 * A sweep per student and slide: +1 where a segment starts, -1 where it ends, the running sum is
 * how many times each stretch was covered; only the stretches covered twice or more become bins.
 */
async function rewatched(db: Db, courseId: number, ids: string, f: string, t: string): Promise<RewatchedSegment[]> {
  const B = WATCH_BIN_SECONDS;
  const bins = rowsOf<BinRow>(
    await db.execute(sql`with seg as (
        select w."slide_id", w."account_id", floor(w."start_second" / ${B})::int as "a", greatest(floor(w."start_second" / ${B})::int + 1, ceil(w."end_second" / ${B})::int) as "b"
          from "watch_segments" w
         where w."course_id" = ${courseId} and w."account_id" = any(${ids}::int[]) and w."created_at" >= ${f} and w."created_at" < ${t}
      ), edge as (
        select "slide_id", "account_id", "bin", sum("d")::int as "d" from (
          select "slide_id", "account_id", "a" as "bin", 1 as "d" from seg union all select "slide_id", "account_id", "b", -1 from seg
        ) x group by "slide_id", "account_id", "bin"
      ), stretch as (
        select "slide_id", "account_id", "bin" as "from", lead("bin") over w as "to", sum("d") over w as "times"
          from edge window w as (partition by "slide_id", "account_id" order by "bin")
      ), per as (
        select s."slide_id", s."account_id", g."bin", s."times" from stretch s, generate_series(s."from", s."to" - 1) as g("bin")
         where s."times" > 1 and s."to" is not null
      )
      select per."slide_id", s."label" as "slide_label", e."label" as "exercise_label", per."bin",
             count(*)::int as "rewatchers", sum(per."times" - 1)::int as "rewatches"
        from per join "slides" s on s."id" = per."slide_id" join "exercises" e on e."id" = s."exercise_id"
       group by per."slide_id", s."label", e."label", per."bin"
       order by "rewatchers" desc, "rewatches" desc, per."slide_id", per."bin"
       limit ${REWATCHED}`),
  );
  return bins.map((r) => ({ slideId: r.slide_id, slideLabel: r.slide_label, exerciseLabel: r.exercise_label, from: r.bin * B, to: (r.bin + 1) * B, rewatchers: r.rewatchers, rewatches: r.rewatches }));
}
