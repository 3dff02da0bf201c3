import { and, eq, inArray, sql } from 'drizzle-orm';
import type { VisitReportRow } from '../../../shared/calls/visitJournal.js';
import type { Db } from '../../db/client.js';
import { exercises, visits } from '../../db/schema/index.js';
import type { CourseAccess } from '../courses/access.js';
import { courseExercises, courseLessons } from './access.js';
import { studentPage, type Caller, type StudentFilter } from './journal.js';

/** What the visits report and export take (spec 3 §7.10 visit-journal/report). */
export interface ReportFilter {
  groupIds?: number[] | null;
  accountId?: number | null;
  lessonIds?: number[] | null;
  exerciseIds?: number[] | null;
  attributes?: { attributeId: number; value: string }[] | null;
}

const BATCH = 500;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The visits of one course's students, one row per student (name order), in batches. What is
 * counted: the course's lessons (those asked for), a lesson counting as attended with its own
 * mark or a mark of one of its exercises; or, when exercises are asked for, those exercises, each
 * attended with its own mark or its lesson's. A student's absence report counts as absent, not as
 * present. `onBatch` runs between batches (the export's progress and stop).
 */
export async function* courseReport(db: Db, access: CourseAccess, user: Caller, f: ReportFilter, onBatch?: () => Promise<void>): AsyncGenerator<VisitReportRow> {
  const course = access.course;
  const lessonFilter = f.lessonIds?.length ? new Set(f.lessonIds) : null;
  const lessons = (await courseLessons(db, course)).filter((l) => !lessonFilter || lessonFilter.has(l.id));
  const byExercise = f.exerciseIds?.length ? new Set(f.exerciseIds) : null;
  const units = byExercise
    ? (await courseExercises(db, course)).filter((e) => byExercise.has(e.id) && (!lessonFilter || lessonFilter.has(e.lessonId)))
    : null;
  const filter: StudentFilter = { groupIds: f.groupIds, accountId: f.accountId, attributes: f.attributes };
  const total = units ? units.length : lessons.length;
  const lessonOf = sql<number>`coalesce(${exercises.lessonId}, ${visits.lessonId})`;
  for (let skip = 0; ; skip += BATCH) {
    if (onBatch) await onBatch();
    const { rows } = await studentPage(db, access, user, filter, BATCH, skip);
    if (!rows.length) return;
    const marks = await db
      .select({ studentId: visits.studentId, exerciseId: visits.exerciseId, lessonId: lessonOf, source: visits.source })
      .from(visits)
      .leftJoin(exercises, eq(exercises.id, visits.exerciseId))
      .where(and(eq(visits.courseId, course.id), inArray(visits.studentId, rows.map((r) => r.studentId))));
    for (const r of rows) {
      const mine = marks.filter((m) => m.studentId === r.studentId);
      let present = 0;
      let absent = 0;
      if (units) {
        for (const e of units) {
          const own = mine.find((m) => m.exerciseId === e.id);
          const lessonMark = mine.some((m) => m.exerciseId === null && Number(m.lessonId) === e.lessonId && m.source !== 'absent');
          if ((own && own.source !== 'absent') || lessonMark) present++;
          else if (own) absent++;
        }
      } else {
        for (const l of lessons) {
          const here = mine.filter((m) => Number(m.lessonId) === l.id);
          if (here.some((m) => m.source !== 'absent')) present++;
          else if (here.length) absent++;
        }
      }
      yield {
        courseId: course.id,
        courseLabel: course.label,
        studentId: r.studentId,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        groupLabel: r.groupLabel,
        present,
        absent,
        total,
        percent: percent(present, total),
      };
    }
    if (rows.length < BATCH) return;
  }
}
