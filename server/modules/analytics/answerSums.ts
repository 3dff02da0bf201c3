import { sql } from 'drizzle-orm';
import type { WrongAnswer } from '../../../shared/calls/analytics.js';
import type { Db } from '../../db/client.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import type { CourseAccess } from '../courses/access.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
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
type AttemptsRow = { exercise_id: number; group_id: number; n: number };
type WrongRow = { exercise_id: number; group_id: number; slide_id: number; text: string; count: number };

/**
 * Sums per exercise, course group and question over the answers in scope, in SQL (one pass), the
 * indices later from the sums (shared/analytics/itemAnalysis.ts). x = the answer's score, y = the
 * rest of its attempt (the attempt's rated answers in scope, without this one). Rated answers only
 * enter the sums. Exercises with attempts but no answer in scope still get their attempt count.
 *
 * One statement answers the sums, the attempts and the wrong answers, each as one JSON value: the
 * answers in scope are read once (`ans` is materialised), planned once, and a few JSON strings cross
 * from the database instead of a row each. On PGlite (one statement at a time, on the event loop)
 * the three reads apart cost 1.35× the one statement (49 against 36 ms over an exam of 10,000
 * answers), and the page of live typical errors repeats it every period of an exam's storm.
 */
export async function computeSums(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<GroupSums[]> {
  const [read] = rowsOf<{ sums: SumsRow[] | string | null; attempts: AttemptsRow[] | string | null; wrong: WrongRow[] | string | null }>(
    await db.execute(sql`with ${answersCte(access, who, s)},
      tot as (select "attempt_id", sum(coalesce("score", 0))::float8 as "total" from ans where "score" is not null group by "attempt_id"),
      sums as (
        select ans."exercise_id", ans."group_id", ans."slide_id", count(*)::int as "n",
          count(*) filter (where "verdict" = 'r')::int as "r", count(*) filter (where "verdict" = 'p')::int as "p",
          count(*) filter (where "verdict" = 'w')::int as "w", count(*) filter (where "verdict" = 'n')::int as "nr",
          count(ans."score")::int as "rated",
          coalesce(sum(ans."score"), 0)::float8 as "sx", coalesce(sum(tot."total" - ans."score"), 0)::float8 as "sy",
          coalesce(sum(ans."score" * ans."score"), 0)::float8 as "sxx", coalesce(sum((tot."total" - ans."score") ^ 2), 0)::float8 as "syy",
          coalesce(sum(ans."score" * (tot."total" - ans."score")), 0)::float8 as "sxy",
          max(ans."kind")::int as "kind"
        from ans left join tot on tot."attempt_id" = ans."attempt_id"
        group by ans."exercise_id", ans."group_id", ans."slide_id"),
      attempts as (select "exercise_id", coalesce("group_id", 0) as "group_id", count(*)::int as "n" from att group by 1, 2),
      ${wrongAnswersCtes}
      select (select json_agg(x) from sums x) as "sums", (select json_agg(x) from attempts x) as "attempts", (select json_agg(x) from wrong x) as "wrong"`),
  );
  const wrong = new Map<string, WrongAnswer[]>();
  for (const r of jsonOf(read?.wrong) ?? []) {
    const key = `${r.exercise_id}:${r.group_id}:${r.slide_id}`;
    const list = wrong.get(key) ?? [];
    list.push({ text: r.text, count: r.count });
    wrong.set(key, list);
  }
  const out = new Map<string, GroupSums>();
  const entry = (exerciseId: number, groupId: number) => {
    const key = `${exerciseId}:${groupId}`;
    let g = out.get(key);
    if (!g) out.set(key, (g = { exerciseId, groupId, attempts: 0, questions: [] }));
    return g;
  };
  for (const r of jsonOf(read?.attempts) ?? []) entry(r.exercise_id, r.group_id).attempts = r.n;
  for (const { exercise_id, group_id, slide_id, ...r } of jsonOf(read?.sums) ?? []) {
    entry(exercise_id, group_id).questions.push({ ...r, slideId: slide_id, wrong: wrong.get(`${exercise_id}:${group_id}:${slide_id}`) ?? [] });
  }
  return [...out.values()];
}

/**
 * The most given wrong answers per exercise, course group and question, KEPT_WRONG at most: the
 * wrong options chosen (choice), the wrong pairs (matching: "option → target"), the wrong orders
 * (sequence) among answers that were not right, and the wrong free answers as written (trimmed,
 * lower case). As CTEs over `ans`, ending in `wrong`.
 */
const wrongAnswersCtes = sql`a as (select "exercise_id", "group_id", "slide_id", "kind", "value" from ans
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
        from given where "text" is not null and "text" <> '' group by "exercise_id", "group_id", "slide_id", "text"),
      wrong as (select "exercise_id", "group_id", "slide_id", "text", "count" from counted where "rank" <= ${KEPT_WRONG})`;
