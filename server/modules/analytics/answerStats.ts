import { sql } from 'drizzle-orm';
import { letOthersIn, type Db } from '../../db/client.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import type { CourseAccess } from '../courses/access.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
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
  // the exercises just recomputed are answered from the computation, the others read
  const fresh = stale.length ? (await recompute(db, access, who, stale)).filter((g) => !s.groupId || g.groupId === s.groupId) : [];
  const kept = exercises.filter((e) => e.dirty === false).map((e) => e.id);
  if (!kept.length) return fresh;
  await letOthersIn(db);
  return fresh.concat(
    rowsOf<{ exercise_id: number; group_id: number; attempts: number; questions: QuestionSums[] | string }>(
      await db.execute(sql`select "exercise_id", "group_id", "attempts", "questions" from "answer_stats"
        where "course_id" = ${courseId} and "exercise_id" = any(${intArray(kept)}::int[])
          ${s.groupId ? sql`and "group_id" = ${s.groupId}` : sql``}`),
    ).map((r) => ({ exerciseId: r.exercise_id, groupId: r.group_id, attempts: r.attempts, questions: jsonOf(r.questions) })),
  );
}

/** Recomputes the exercises' sums (every group), stores them where no newer result is, and answers them. */
async function recompute(db: Db, access: CourseAccess, who: Who, exerciseIds: number[]): Promise<GroupSums[]> {
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
  // One statement, not a transaction of three: on PGlite a transaction holds the database from its
  // first statement to its commit, through every turn of the event loop between them, and in an
  // exam's storm each turn waits behind the saves' requests, so every save waited for the whole
  // store. The marks' row locks make a concurrent store wait, then see the newer generation; the
  // rows of the groups no longer there go, the others are replaced.
  await db.execute(sql`with won as (
      update "answer_stats_marks" m set "stored" = x."generation", "computed_at" = now()
        from unnest(${intArray(started.map((r) => r.exercise_id))}::int[], ${intArray(started.map((r) => r.generation))}::int[]) as x("exercise_id", "generation")
        where m."course_id" = ${courseId} and m."exercise_id" = x."exercise_id" and m."stored" < x."generation"
        returning m."exercise_id"),
    fresh as (
      select (r->>'exerciseId')::int as "exercise_id", (r->>'groupId')::int as "group_id", (r->>'attempts')::int as "attempts", r->'questions' as "questions"
        from jsonb_array_elements(${JSON.stringify(sums)}::jsonb) r where (r->>'exerciseId')::int in (select "exercise_id" from won)),
    gone as (
      delete from "answer_stats" a where a."course_id" = ${courseId} and a."exercise_id" in (select "exercise_id" from won)
        and not exists (select 1 from fresh f where f."exercise_id" = a."exercise_id" and f."group_id" = a."group_id")),
    put as (
      insert into "answer_stats" ("course_id", "exercise_id", "group_id", "attempts", "questions")
        select ${courseId}, "exercise_id", "group_id", "attempts", "questions" from fresh
        on conflict ("course_id", "exercise_id", "group_id") do update set "attempts" = excluded."attempts", "questions" = excluded."questions")
    select count(*) from won`);
  return sums;
}
