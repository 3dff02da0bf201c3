import { sql } from 'drizzle-orm';
import { letOthersIn, type Db } from '../../db/client.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { intArray, type Who } from '../journal/query.js';
import type { AnswerScope } from './scope.js';
import { computeSums, type GroupSums } from './answerSums.js';

/**
 * Typical errors' sums kept per exercise and course group (tables answer_stats and
 * answer_stats_marks, migration 0012): a course of 1,000 students × 100 exercises × 20 questions
 * holds two million answers, too many to read on each call, but an exam changes one exercise at a
 * time. Triggers mark an exercise dirty when its answers, attempts, enrolments or slides change; a
 * call recomputes the dirty exercises of its scope (all of them in one statement) and reads the rest.
 *
 * Order of a recomputation, so that no change is missed: the marks are cleared (committed) first,
 * then the answers are read; a save committed after the read marks the exercise dirty again. Each
 * recomputation takes a generation; sums are stored only over an older generation's, so a slow
 * reader never overwrites a newer result.
 */
export async function storedSums(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<GroupSums[]> {
  const courseId = access.course.id;
  const exercises = rowsOf<{ id: number; dirty: boolean | null }>(
    await db.execute(sql`select e."id", m."dirty" from "exercises" e
      left join "answer_stats_marks" m on m."course_id" = ${courseId} and m."exercise_id" = e."id"
      where e."program_id" = ${access.course.programId}
        ${s.lessonId !== undefined ? sql`and e."lesson_id" = ${s.lessonId}` : sql``}
        ${s.exerciseId !== undefined ? sql`and e."id" = ${s.exerciseId}` : sql``}`),
  );
  const stale = exercises.filter((e) => e.dirty !== false).map((e) => e.id);
  if (stale.length) await recompute(db, access, who, stale);
  const ids = exercises.map((e) => e.id);
  if (!ids.length) return [];
  await letOthersIn(db);
  return rowsOf<{ exercise_id: number; group_id: number; attempts: number; questions: QuestionSums[] | string }>(
    await db.execute(sql`select "exercise_id", "group_id", "attempts", "questions" from "answer_stats"
      where "course_id" = ${courseId} and "exercise_id" = any(${intArray(ids)}::int[])
        ${s.groupId ? sql`and "group_id" = ${s.groupId}` : sql``}`),
  ).map((r) => ({ exerciseId: r.exercise_id, groupId: r.group_id, attempts: r.attempts, questions: typeof r.questions === 'string' ? (JSON.parse(r.questions) as QuestionSums[]) : r.questions }));
}

/** Recomputes the exercises' sums (every group) and stores them where no newer result is. */
async function recompute(db: Db, access: CourseAccess, who: Who, exerciseIds: number[]): Promise<void> {
  const courseId = access.course.id;
  const ids = intArray(exerciseIds);
  const started = rowsOf<{ exercise_id: number; generation: number }>(
    await db.execute(sql`insert into "answer_stats_marks" as m ("course_id", "exercise_id", "dirty", "generation")
      select ${courseId}, x, false, 1 from unnest(${ids}::int[]) x
      on conflict ("course_id", "exercise_id") do update set "dirty" = false, "generation" = m."generation" + 1
      returning "exercise_id", "generation"`),
  );
  await letOthersIn(db);
  const sums = await computeSums(db, access, who, { exerciseIds });
  await letOthersIn(db);
  await db.transaction(async (tx) => {
    // the row locks taken here make a concurrent store wait, then see the newer generation
    const won = rowsOf<{ exercise_id: number }>(
      await tx.execute(sql`update "answer_stats_marks" m set "stored" = x."generation", "computed_at" = now()
        from unnest(${intArray(started.map((r) => r.exercise_id))}::int[], ${intArray(started.map((r) => r.generation))}::int[]) as x("exercise_id", "generation")
        where m."course_id" = ${courseId} and m."exercise_id" = x."exercise_id" and m."stored" < x."generation"
        returning m."exercise_id"`),
    ).map((r) => r.exercise_id);
    if (!won.length) return;
    await tx.execute(sql`delete from "answer_stats" where "course_id" = ${courseId} and "exercise_id" = any(${intArray(won)}::int[])`);
    const keep = new Set(won);
    const rows = sums.filter((g) => keep.has(g.exerciseId));
    // one statement per thousand rows keeps the parameters few
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000);
      await tx.execute(sql`insert into "answer_stats" ("course_id", "exercise_id", "group_id", "attempts", "questions")
        select ${courseId}, (r->>'exerciseId')::int, (r->>'groupId')::int, (r->>'attempts')::int, r->'questions'
        from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) r`);
    }
  });
}
