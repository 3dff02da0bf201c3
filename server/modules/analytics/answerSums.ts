import { sql } from 'drizzle-orm';
import type { WrongAnswer } from '../../../shared/calls/analytics.js';
import { runsInProcess, type Db } from '../../db/client.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import type { CourseAccess } from '../courses/access.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
import type { Who } from '../journal/query.js';
import { sumsInParts } from './answerRows.js';
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

type Sums = Omit<QuestionSums, 'slideId' | 'wrong'>;
interface SumsRow extends Sums {
  exercise_id: number;
  group_id: number;
  slide_id: number;
}
type AttemptsRow = { exercise_id: number; group_id: number; n: number };
type WrongRow = { exercise_id: number; group_id: number; slide_id: number; text: string; count: number };

/**
 * Sums per exercise, course group and question over the answers in scope, the indices later from
 * the sums (shared/analytics/itemAnalysis.ts). x = the answer's score, y = the rest of its attempt
 * (the attempt's rated answers in scope, without this one). Rated answers only enter the sums.
 * Exercises with attempts but no answer in scope still get their attempt count. On PostgreSQL one
 * statement (readSums) in the database's process, beside the saves; on PGlite, where a statement
 * holds the server's event loop, in parts summed in JavaScript (answerRows.ts).
 */
export async function computeSums(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<GroupSums[]> {
  if (runsInProcess(db)) {
    const read = await sumsInParts(db, access, who, s);
    return groupsOf(read.attempts, read.sums, read.texts);
  }
  const read = await readSums(db, access, who, s);
  const attempts = new Map(read.attempts.map((r) => [`${r.exercise_id}:${r.group_id}`, r.n]));
  const sums = new Map(read.sums.map(({ exercise_id, group_id, slide_id, ...r }) => [`${exercise_id}:${group_id}:${slide_id}`, r]));
  const wrong = new Map<string, Map<string, number>>();
  for (const r of read.wrong) {
    const key = `${r.exercise_id}:${r.group_id}:${r.slide_id}`;
    wrong.set(key, (wrong.get(key) ?? new Map<string, number>()).set(r.text, r.count));
  }
  return groupsOf(attempts, sums, wrong);
}

/** Sums keyed `exercise:group:slide`, attempts `exercise:group`, wrong answers' counts per question key, as groups. */
function groupsOf(attempts: ReadonlyMap<string, number>, sums: ReadonlyMap<string, Sums>, wrong: ReadonlyMap<string, ReadonlyMap<string, number>>): GroupSums[] {
  const out = new Map<string, GroupSums>();
  const entry = (key: string) => {
    let g = out.get(key);
    if (!g) {
      const [exerciseId, groupId] = key.split(':').map(Number);
      out.set(key, (g = { exerciseId, groupId, attempts: 0, questions: [] }));
    }
    return g;
  };
  for (const [key, n] of attempts) entry(key).attempts += n;
  for (const [key, q] of sums) {
    const [exercise, group, slide] = key.split(':');
    entry(`${exercise}:${group}`).questions.push({ ...q, slideId: Number(slide), wrong: mostGiven(wrong.get(key), KEPT_WRONG) });
  }
  return [...out.values()];
}

/** The sums' counts and sums of one question added to another's (its course groups'). */
export function addSums<T extends Omit<QuestionSums, 'slideId' | 'wrong'>>(into: T, more: Omit<QuestionSums, 'slideId' | 'wrong'>): void {
  for (const k of ['n', 'r', 'p', 'w', 'nr', 'rated', 'sx', 'sy', 'sxx', 'syy', 'sxy'] as const) into[k] += more[k];
  into.kind = Math.max(into.kind, more.kind);
}

/** The `top` most given wrong answers of their counts, the most given first (ties by text, code point order as the statement's). */
export function mostGiven(counts: ReadonlyMap<string, number> | undefined, top: number): WrongAnswer[] {
  return [...(counts ?? [])]
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .slice(0, top);
}

/**
 * One statement: the sums, the attempts and the wrong answers, each as one JSON value. The answers
 * in scope are read once (`ans` is materialised), planned once, and a few JSON strings cross from
 * the database instead of a row each. An attempt's total is a window over its answers: joined as
 * an aggregate instead, a planner without statistics (PGlite's) chose a nested loop, 350 ms against
 * 60 over an exam of 10,000 answers.
 */
async function readSums(db: Db, access: CourseAccess, who: Who, s: AnswerScope) {
  const [read] = rowsOf<{ sums: SumsRow[] | string | null; attempts: AttemptsRow[] | string | null; wrong: WrongRow[] | string | null }>(
    await db.execute(sql`with ${answersCte(access, who, s)},
      tot as (select ans.*, (sum("score") over (partition by "attempt_id"))::float8 as "total" from ans),
      sums as (
        select "exercise_id", "group_id", "slide_id", count(*)::int as "n",
          count(*) filter (where "verdict" = 'r')::int as "r", count(*) filter (where "verdict" = 'p')::int as "p",
          count(*) filter (where "verdict" = 'w')::int as "w", count(*) filter (where "verdict" = 'n')::int as "nr",
          count("score")::int as "rated",
          coalesce(sum("score"), 0)::float8 as "sx", coalesce(sum("total" - "score"), 0)::float8 as "sy",
          coalesce(sum("score" * "score"), 0)::float8 as "sxx", coalesce(sum(("total" - "score") ^ 2), 0)::float8 as "syy",
          coalesce(sum("score" * ("total" - "score")), 0)::float8 as "sxy",
          max("kind")::int as "kind"
        from tot
        group by "exercise_id", "group_id", "slide_id"),
      attempts as (select "exercise_id", coalesce("group_id", 0) as "group_id", count(*)::int as "n" from att group by 1, 2),
      ${wrongAnswersCtes(KEPT_WRONG)}
      select (select json_agg(x) from sums x) as "sums", (select json_agg(x) from attempts x) as "attempts", (select json_agg(x) from wrong x) as "wrong"`),
  );
  return { sums: jsonOf(read?.sums ?? null) ?? [], attempts: jsonOf(read?.attempts ?? null) ?? [], wrong: jsonOf(read?.wrong ?? null) ?? [] };
}

/**
 * The most given wrong answers per exercise, course group and question, `top` at most: the wrong
 * options chosen (choice), the wrong pairs (matching: "option → target"), the wrong orders
 * (sequence) among answers that were not right, and the wrong free answers as written (trimmed,
 * lower case). As CTEs over `ans`, ending in `wrong`.
 */
const wrongAnswersCtes = (top: number) => sql`a as (select "exercise_id", "group_id", "slide_id", "kind", "value" from ans
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
               row_number() over (partition by "exercise_id", "group_id", "slide_id" order by sum("n") desc, "text" collate "C") as "rank"
        from given where "text" is not null and "text" <> '' group by "exercise_id", "group_id", "slide_id", "text"),
      wrong as (select "exercise_id", "group_id", "slide_id", "text", "count" from counted where "rank" <= ${top})`;
