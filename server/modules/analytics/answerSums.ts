import { sql } from 'drizzle-orm';
import type { WrongAnswer } from '../../../shared/calls/analytics.js';
import { letOthersIn, runsInProcess, type Db } from '../../db/client.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import type { Who } from '../journal/query.js';
import { answersCte, type AnswerScope } from './scope.js';

/** Wrong answers kept per question and course group: the course's list is the merge of its groups'. */
const KEPT_WRONG = 20;

/** The sums of one exercise's answers in one course group (0: students without a group). */
export interface GroupSums {
  exerciseId: number;
  groupId: number;
  /** the students' standing attempts of the exercise */
  attempts: number;
  questions: QuestionSums[];
}

interface SumsRow extends Omit<QuestionSums, 'wrong'> {
  exercise_id: number;
  group_id: number;
  slide_id: number;
}

/**
 * Sums per exercise, course group and question over the answers in scope, in SQL (one pass), the
 * indices later from the sums (shared/analytics/itemAnalysis.ts). x = the answer's score, y = the
 * rest of its attempt (the attempt's rated answers in scope, without this one). Rated answers only
 * enter the sums. Exercises with attempts but no answer in scope still get their attempt count.
 */
export async function computeSums(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<GroupSums[]> {
  const cte = answersCte(access, who, s);
  const read = {
    sums: () => db.execute(sql`with ${cte},
      tot as (select "attempt_id", sum(coalesce("score", 0))::float8 as "total" from ans where "score" is not null group by "attempt_id")
      select ans."exercise_id", ans."group_id", ans."slide_id", count(*)::int as "n",
          count(*) filter (where "verdict" = 'r')::int as "r", count(*) filter (where "verdict" = 'p')::int as "p",
          count(*) filter (where "verdict" = 'w')::int as "w", count(*) filter (where "verdict" = 'n')::int as "nr",
          count(ans."score")::int as "rated",
          coalesce(sum(ans."score"), 0)::float8 as "sx", coalesce(sum(tot."total" - ans."score"), 0)::float8 as "sy",
          coalesce(sum(ans."score" * ans."score"), 0)::float8 as "sxx", coalesce(sum((tot."total" - ans."score") ^ 2), 0)::float8 as "syy",
          coalesce(sum(ans."score" * (tot."total" - ans."score")), 0)::float8 as "sxy",
          max(ans."kind")::int as "kind"
        from ans left join tot on tot."attempt_id" = ans."attempt_id"
        group by ans."exercise_id", ans."group_id", ans."slide_id"`),
    attempts: () => db.execute(sql`with ${cte} select "exercise_id", coalesce("group_id", 0) as "group_id", count(*)::int as "n" from att group by 1, 2`),
    wrong: () => wrongAnswers(db, access, who, s),
  };
  // PGlite runs one statement at a time on this event loop: queued together, the three reads hold
  // every request arriving meanwhile; one after another, the saves waiting get in between
  const [sums, attempts, wrong] = runsInProcess(db)
    ? [await read.sums(), await letOthersIn(db).then(read.attempts), await letOthersIn(db).then(read.wrong)]
    : await Promise.all([read.sums(), read.attempts(), read.wrong()]);
  const out = new Map<string, GroupSums>();
  const entry = (exerciseId: number, groupId: number) => {
    const key = `${exerciseId}:${groupId}`;
    let g = out.get(key);
    if (!g) out.set(key, (g = { exerciseId, groupId, attempts: 0, questions: [] }));
    return g;
  };
  for (const r of rowsOf<{ exercise_id: number; group_id: number; n: number }>(attempts)) entry(r.exercise_id, r.group_id).attempts = r.n;
  for (const { exercise_id, group_id, slide_id, ...r } of rowsOf<SumsRow>(sums)) {
    entry(exercise_id, group_id).questions.push({ ...r, slideId: slide_id, wrong: wrong.get(`${exercise_id}:${group_id}:${slide_id}`) ?? [] });
  }
  return [...out.values()];
}

/**
 * The most given wrong answers per exercise, course group and question, KEPT_WRONG at most: the
 * wrong options chosen (choice), the wrong pairs (matching: "option → target"), the wrong orders
 * (sequence) among answers that were not right, and the wrong free answers as written (trimmed,
 * lower case). Keyed "exercise:group:slide".
 */
async function wrongAnswers(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<Map<string, WrongAnswer[]>> {
  const rows = rowsOf<{ exercise_id: number; group_id: number; slide_id: number; text: string; count: number }>(
    await db.execute(sql`with ${answersCte(access, who, s)},
      a as (select "exercise_id", "group_id", "slide_id", "kind", "value" from ans
        where "verdict" <> 'r' and ("kind" in (2, 11, 12) or ("kind" = 5 and "verdict" = 'w'))),
      chosen as (
        select a."exercise_id", a."group_id", a."slide_id", x."id"::int as "option_id", count(*)::int as "n"
          from a cross join lateral jsonb_array_elements_text(a."value" -> 'optionIds') as x("id")
          where a."kind" = 2 group by 1, 2, 3, 4),
      given as (
        select c."exercise_id", c."group_id", c."slide_id", o."text" as "text", c."n"
          from chosen c join "closed_question_options" o on o."id" = c."option_id" and not o."is_correct"
        union all
        select a."exercise_id", a."group_id", a."slide_id", mo."text" || ' → ' || coalesce(mt."text", '—'), 1
          from a cross join lateral jsonb_to_recordset(a."value" -> 'pairs') as p("optionId" int, "targetId" int)
          join "matching_options" mo on mo."id" = p."optionId" left join "matching_targets" mt on mt."id" = p."targetId"
          where a."kind" = 12 and p."targetId" is distinct from mo."correct_target_id"
        union all
        select a."exercise_id", a."group_id", a."slide_id", (select string_agg(si."text", ' → ' order by x."ord") from jsonb_array_elements_text(a."value" -> 'itemIds') with ordinality as x("id", "ord")
            join "sequence_items" si on si."id" = x."id"::int), 1
          from a where a."kind" = 11
        union all
        select a."exercise_id", a."group_id", a."slide_id", lower(btrim(a."value" ->> 'value')), 1
          from a where a."kind" = 5),
      counted as (
        select "exercise_id", "group_id", "slide_id", "text", sum("n")::int as "count",
               row_number() over (partition by "exercise_id", "group_id", "slide_id" order by sum("n") desc, "text") as "rank"
        from given where "text" is not null and "text" <> '' group by "exercise_id", "group_id", "slide_id", "text")
      select "exercise_id", "group_id", "slide_id", "text", "count" from counted where "rank" <= ${KEPT_WRONG}`),
  );
  const out = new Map<string, WrongAnswer[]>();
  for (const r of rows) {
    const key = `${r.exercise_id}:${r.group_id}:${r.slide_id}`;
    const list = out.get(key) ?? [];
    list.push({ text: r.text, count: r.count });
    out.set(key, list);
  }
  return out;
}

