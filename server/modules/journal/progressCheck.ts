import { sql } from 'drizzle-orm';
import type { ProgressCheck, ProgressCheckRow } from '../../../shared/calls/journal.js';
import type { ExerciseProgressStatus, ExerciseType } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { shownInCourse } from '../learning/availability.js';
import { intArray, studentsWhere, type Who } from './query.js';

export const journalExerciseNotFound = () => notFound('ExerciseNotFound', { title: 'journal.exerciseNotFound' });

/** An exercise the course shows (404 for one of another program, or limited to other courses). */
export async function courseExercise(db: Db, access: CourseAccess, rawId: string | number | undefined): Promise<ProgressCheck['exercise']> {
  const id = parseIntId(rawId);
  if (id === null) throw journalExerciseNotFound();
  const [row] = rowsOf<{ id: number; label: string; exercise_type: number; lesson_id: number; lesson_label: string }>(
    await db.execute(sql`select e."id", e."label", e."exercise_type", l."id" as "lesson_id", l."label" as "lesson_label"
      from "exercises" e join "lessons" l on l."id" = e."lesson_id"
      where e."id" = ${id} and e."program_id" = ${access.course.programId} and ${shownInCourse(sql`e."id"`, sql`l."constraints"`, access.course.id)}`),
  );
  if (!row) throw journalExerciseNotFound();
  return { id: row.id, label: row.label, exerciseType: row.exercise_type as ExerciseType, lessonId: row.lesson_id, lessonLabel: row.lesson_label };
}

interface Row {
  student_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  group_label: string | null;
  status: number;
  score: number | null;
  max_score: number | null;
  attempts: number;
  restarts: number;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  is_draft: boolean | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Spec 1 §2.9 …/students-journal/{exerciseId}/progress-check: every (visible) student's progress on one exercise. */
export async function progressCheck(
  db: Db,
  access: CourseAccess,
  who: Who,
  rawExerciseId: string,
  q: { groupId?: number; search?: string; status?: number[]; take: number; skip: number },
): Promise<ProgressCheck> {
  const exercise = await courseExercise(db, access, rawExerciseId);
  const courseId = access.course.id;
  const where = studentsWhere(access, who, q);
  const from = sql`from "enrolments" en
      join "accounts" a on a."id" = en."account_id"
      left join "groups" g on g."id" = en."group_id"
      left join "exercise_progress" p on p."course_id" = ${courseId} and p."exercise_id" = ${exercise.id} and p."account_id" = en."account_id"`;
  const statusFilter = q.status?.length ? sql`and coalesce(p."status", 0) = any(${intArray(q.status)}::int[])` : sql``;
  const counts = rowsOf<{ status: number; n: number }>(
    await db.execute(sql`select coalesce(p."status", 0)::int as "status", count(*)::int as "n" ${from} where ${where} group by 1`),
  );
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select a."id" as "student_id", a."first_name", a."last_name", a."email", g."label" as "group_label",
             coalesce(p."status", 0)::int as "status", p."score", t."max_score", coalesce(p."restarts", 0)::int as "restarts",
             p."started_at", p."completed_at", ev."is_draft",
             (select count(*)::int from "attempts" x where x."course_id" = ${courseId} and x."exercise_id" = ${exercise.id} and x."account_id" = en."account_id") as "attempts"
        ${from}
        left join "attempts" t on t."id" = p."last_attempt_id"
        left join "evaluations" ev on ev."attempt_id" = p."last_attempt_id"
       where ${where} ${statusFilter}
       order by a."last_name" nulls last, a."first_name" nulls last, a."id"
       limit ${q.take} offset ${q.skip}`),
  );
  const byStatus = Object.fromEntries(counts.map((c) => [String(c.status), c.n]));
  const filtered = q.status?.length ? counts.filter((c) => q.status!.includes(c.status)) : counts;
  const result: ProgressCheckRow[] = rows.map((r) => ({
    studentId: r.student_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    groupLabel: r.group_label,
    status: r.status as ExerciseProgressStatus,
    score: r.score,
    maxScore: r.max_score,
    attempts: r.attempts,
    restarts: r.restarts,
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    evaluation: r.is_draft === null ? null : r.is_draft ? 'draft' : 'evaluated',
  }));
  return { exercise, byStatus, result, metadata: { filteredRecords: filtered.reduce((s, c) => s + c.n, 0) } };
}
