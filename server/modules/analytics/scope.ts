import { sql, type SQL } from 'drizzle-orm';
import { ANALYSED_KINDS } from '../../../shared/calls/analytics.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { studentScope, type CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { journalExerciseNotFound } from '../journal/progressCheck.js';
import { intArray, type Who } from '../journal/query.js';

/** What an analysis or export covers: the course, narrowed by lesson, exercise, group, kinds of question, period. */
export interface AnswerScope {
  lessonId?: number;
  exerciseId?: number;
  /** several exercises (a recomputation of the kept sums) */
  exerciseIds?: readonly number[];
  groupId?: number;
  kinds?: readonly number[];
  /** answers saved from (ISO, inclusive) until (ISO, exclusive) */
  begin?: string;
  end?: string;
  /** the students whose account id modulo `of` is `index` (a recomputation read in parts: answerSums.ts) */
  part?: { index: number; of: number };
}

const lessonNotFound = () => notFound('LessonNotFound', { title: 'journal.lessonNotFound' });

/** A lesson or exercise named in a path must be of the course's program (404 otherwise; the exercise within the lesson when both are named). */
export async function checkPathScope(db: Db, access: CourseAccess, s: Pick<AnswerScope, 'lessonId' | 'exerciseId'>): Promise<void> {
  if (s.lessonId !== undefined) {
    const [row] = rowsOf<{ id: number }>(await db.execute(sql`select "id" from "lessons" where "id" = ${s.lessonId} and "program_id" = ${access.course.programId}`));
    if (!row) throw lessonNotFound();
  }
  if (s.exerciseId !== undefined) {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`select "id" from "exercises" where "id" = ${s.exerciseId} and "program_id" = ${access.course.programId}
        ${s.lessonId !== undefined ? sql`and "lesson_id" = ${s.lessonId}` : sql``}`),
    );
    if (!row) throw journalExerciseNotFound();
  }
}

/**
 * The answers counted, as CTEs `att` (each student's latest attempt of each exercise that a retake
 * did not discard — the student's standing answer, as the journal shows it) and `ans` (their
 * answers to analysed questions with a verdict: r right, p partly, w wrong, n not rated yet, and
 * their attempt's exercise and group, 0 without one).
 * Students of the course only (any enrolment status: an expelled student's answers were given),
 * a tutor's own students only.
 */
export function answersCte(access: CourseAccess, who: Who, s: AnswerScope): SQL {
  const scope = studentScope(access, who, sql`t."account_id"`);
  const kinds = s.kinds?.length ? s.kinds : ANALYSED_KINDS;
  return sql`att as (
      select distinct on (t."account_id", t."exercise_id") t."id", t."account_id", t."exercise_id", t."attempt_no", en."group_id"
      from "attempts" t
      join "enrolments" en on en."course_id" = t."course_id" and en."account_id" = t."account_id"
      ${s.lessonId ? sql`join "exercises" e on e."id" = t."exercise_id"` : sql``}
      where t."course_id" = ${access.course.id} and t."status" <> 'discarded'
        ${s.groupId ? sql`and en."group_id" = ${s.groupId}` : sql``}
        ${s.lessonId ? sql`and e."lesson_id" = ${s.lessonId}` : sql``}
        ${s.exerciseId ? sql`and t."exercise_id" = ${s.exerciseId}` : sql``}
        ${s.exerciseIds ? sql`and t."exercise_id" = any(${intArray(s.exerciseIds)}::int[])` : sql``}
        ${scope ? sql`and ${scope}` : sql``}
        ${s.part ? sql`and t."account_id" % ${s.part.of} = ${s.part.index}` : sql``}
      order by t."account_id", t."exercise_id", t."attempt_no" desc),
    ans as (
      select a."id", a."attempt_id", a."slide_id", a."question_kind" as "kind", a."value", a."score", a."correctness", a."saved_at", s."max_score",
        att."exercise_id", coalesce(att."group_id", 0) as "group_id",
        case when a."correctness" = 1 or (s."max_score" > 0 and a."score" >= s."max_score") then 'r'
             when a."score" is null and a."correctness" = 2 then 'n'
             when a."score" > 0 then 'p'
             else 'w' end as "verdict"
      from "answers" a join att on att."id" = a."attempt_id" join "slides" s on s."id" = a."slide_id"
      where a."question_kind" = any(${intArray(kinds)}::int[])
        ${s.begin ? sql`and a."saved_at" >= ${s.begin}::timestamptz` : sql``}
        ${s.end ? sql`and a."saved_at" < ${s.end}::timestamptz` : sql``})`;
}

/** A question slide's label: its own, else its bank question's. */
export const slideLabelSql = sql`coalesce(nullif(s."label", ''), cq."label", fq."label", mq."label", sq."label", kq."label", '')`;
export const slideQuestionJoins = sql`left join "closed_questions" cq on cq."id" = s."closed_question_id"
  left join "free_questions" fq on fq."id" = s."free_question_id"
  left join "matching_questions" mq on mq."id" = s."matching_question_id"
  left join "sequence_questions" sq on sq."id" = s."sequence_question_id"
  left join "code_questions" kq on kq."id" = s."code_question_id"`;
