import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses, exercises, lessons, schedules } from '../../db/schema/index.js';
import { myStudyCourseIds } from '../learning/outline.js';

/** One event of a student's calendar, in UI words; times are instants (the feed writes them in UTC). */
export interface StudentEvent {
  /** stable across reads, so a calendar program updates an event instead of adding a copy */
  uid: string;
  kind: 'courseBegin' | 'courseEnd' | 'schedule' | 'deadline' | 'webinar';
  courseId: number;
  course: string;
  /** the exercise or lesson the event is about */
  subject: string | null;
  start: Date;
  end: Date | null;
  location: string | null;
}

/** A webinar has a start only: the feed shows it as an hour long. */
export const WEBINAR_MINUTES = 60;

/**
 * Every event of the courses the account studies in (the events calendar of /my-courses, issue 30
 * item 3): course starts and ends, schedule entries of lessons and exercises, exercise deadlines
 * (the end of a schedule that closes the exercise) and webinars.
 */
export async function studentEvents(db: Db, accountId: number): Promise<StudentEvent[]> {
  const mine = sql`${courses.id} in ${myStudyCourseIds(accountId)}`;
  const [courseRows, scheduleRows, webinarRows] = await Promise.all([
    db.select({ id: courses.id, label: courses.label, begin: courses.begin, end: courses.end }).from(courses).where(mine),
    db
      .select({
        id: schedules.id,
        courseId: courses.id,
        course: courses.label,
        begin: schedules.begin,
        end: schedules.end,
        location: schedules.location,
        exercise: exercises.label,
        lesson: lessons.label,
        closes: schedules.affectsAccess,
      })
      .from(schedules)
      .innerJoin(courses, eq(courses.id, schedules.courseId))
      .leftJoin(exercises, eq(exercises.id, schedules.exerciseId))
      .leftJoin(lessons, eq(lessons.id, schedules.lessonId))
      .where(mine),
    db
      .select({ id: exercises.id, courseId: courses.id, course: courses.label, label: exercises.label, startsAt: exercises.webinarStartsAt })
      .from(exercises)
      .innerJoin(courses, eq(courses.programId, exercises.programId))
      .where(and(mine, isNotNull(exercises.webinarStartsAt))),
  ]);
  const out: StudentEvent[] = [];
  for (const c of courseRows) {
    const base = { courseId: c.id, course: c.label, subject: null, end: null, location: null };
    if (c.begin) out.push({ ...base, uid: `course-${c.id}-begin`, kind: 'courseBegin', start: c.begin });
    if (c.end) out.push({ ...base, uid: `course-${c.id}-end`, kind: 'courseEnd', start: c.end });
  }
  for (const s of scheduleRows) {
    const base = { courseId: s.courseId, course: s.course, subject: s.exercise ?? s.lesson, location: s.location };
    out.push({ ...base, uid: `schedule-${s.id}`, kind: 'schedule', start: s.begin, end: s.end });
    if (s.closes && s.end && s.exercise) out.push({ ...base, uid: `schedule-${s.id}-deadline`, kind: 'deadline', start: s.end, end: null, location: null });
  }
  for (const w of webinarRows) {
    const start = w.startsAt!;
    out.push({ uid: `webinar-${w.courseId}-${w.id}`, kind: 'webinar', courseId: w.courseId, course: w.course, subject: w.label, start, end: new Date(start.getTime() + WEBINAR_MINUTES * 60_000), location: null });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
}
