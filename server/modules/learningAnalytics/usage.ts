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
import { rowsOf } from '../courses/courseGroups/access.js';
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

interface ActivityRow {
  kind: 'visit' | 'attendance' | 'watch' | 'answer';
  account_id: number;
  day: string;
  n: number;
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
  const dayExpr = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`);
  const rows = students.length
    ? rowsOf<ActivityRow>(
        await db.execute(sql`select x."kind", x."account_id", x."day", sum(x."n")::float8 as "n" from (
          select 'visit' as "kind", pv."account_id", ${dayExpr('pv."visited_at"')} as "day", 1::float8 as "n" from "page_visits" pv
            where pv."account_id" = any(${ids}::int[]) and pv."visited_at" >= ${f} and pv."visited_at" < ${t}
              and (pv."url" like ${`%/course/${courseId}`} or pv."url" like ${`%/course/${courseId}/%`} or pv."url" like ${`%/course/${courseId}?%`})
          union all
          select 'attendance', v."student_id", ${dayExpr('v."marked_at"')}, 1 from "visits" v
            where v."course_id" = ${courseId} and v."student_id" = any(${ids}::int[]) and v."marked_at" >= ${f} and v."marked_at" < ${t}
          union all
          select 'watch', w."account_id", ${dayExpr('w."created_at"')}, greatest(w."end_second" - w."start_second", 0) from "watch_segments" w
            where w."course_id" = ${courseId} and w."account_id" = any(${ids}::int[]) and w."created_at" >= ${f} and w."created_at" < ${t}
          union all
          select 'answer', at."account_id", ${dayExpr('an."saved_at"')}, 1 from "answers" an join "attempts" at on at."id" = an."attempt_id"
            where at."course_id" = ${courseId} and at."account_id" = any(${ids}::int[]) and an."saved_at" >= ${f} and an."saved_at" < ${t}
        ) x group by x."kind", x."account_id", x."day"`),
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
  const field = { visit: 'visits', attendance: 'attendance', watch: 'watchSeconds', answer: 'answers' } as const;
  for (const r of rows) {
    const n = Number(r.n);
    const d = days.get(r.day);
    const s = per.get(r.account_id);
    if (!d || !s) continue;
    d[field[r.kind]] += n;
    d.who.add(r.account_id);
    s[field[r.kind]] += n;
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

/** The bins of video the students watched more than once (each student's segments over the window). */
async function rewatched(db: Db, courseId: number, ids: string, f: string, t: string): Promise<RewatchedSegment[]> {
  const B = WATCH_BIN_SECONDS;
  const bins = rowsOf<BinRow>(
    await db.execute(sql`with b as (
        select w."slide_id", w."account_id", g."bin"
          from "watch_segments" w,
               generate_series(floor(w."start_second" / ${B})::int, greatest(floor(w."start_second" / ${B})::int, ceil(w."end_second" / ${B})::int - 1)) as g("bin")
         where w."course_id" = ${courseId} and w."account_id" = any(${ids}::int[]) and w."created_at" >= ${f} and w."created_at" < ${t}
      ), per as (
        select "slide_id", "account_id", "bin", count(*)::int as "times" from b group by "slide_id", "account_id", "bin"
      )
      select per."slide_id", s."label" as "slide_label", e."label" as "exercise_label", per."bin",
             (count(*) filter (where per."times" > 1))::int as "rewatchers", sum(per."times" - 1)::int as "rewatches"
        from per join "slides" s on s."id" = per."slide_id" join "exercises" e on e."id" = s."exercise_id"
       group by per."slide_id", s."label", e."label", per."bin"
      having sum(per."times" - 1) > 0
       order by "rewatchers" desc, "rewatches" desc, per."slide_id", per."bin"
       limit ${REWATCHED}`),
  );
  return bins.map((r) => ({ slideId: r.slide_id, slideLabel: r.slide_label, exerciseLabel: r.exercise_label, from: r.bin * B, to: (r.bin + 1) * B, rewatchers: r.rewatchers, rewatches: r.rewatches }));
}
