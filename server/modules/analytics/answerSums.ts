import { sql } from 'drizzle-orm';
import type { WrongAnswer } from '../../../shared/calls/analytics.js';
import { letOthersIn, runsInProcess, type Db } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import type { CourseAccess } from '../courses/access.js';
import { jsonOf } from '../../db/rows.js';
import type { Who } from '../journal/query.js';
import { answersCte, type AnswerScope } from './scope.js';

/** Wrong answers kept per question and course group: the course's list is the merge of its groups'. */
const KEPT_WRONG = 20;

/**
 * On PGlite the answers are read in this many parts, by student (account id modulo), one statement
 * each with a pause between them (giveWay). PGlite runs one statement at a time on the
 * server's event loop: the live typical errors page recomputed an exam's 10,000 answers in one
 * ~36 ms statement every 1.5 s of the storm, and the saves arriving meanwhile (7-9% of them) all
 * waited for it, so the watched storm's save p95 was 2-4× the unwatched one. In parts (~8 ms each)
 * no save waits for more than one. Sums and counts add up across students (an attempt is in one part with its
 * total); the parts are prepared statements (server/db/prepared.ts), planned once, not per part.
 * On PostgreSQL the statement runs in the database's process, beside the saves: one part.
 */
const PARTS_IN_PROCESS = 8;

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
 * Read in parts on PGlite (PARTS_IN_PROCESS), each one statement (readPart), added up here.
 */
export async function computeSums(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<GroupSums[]> {
  const of = runsInProcess(db) ? PARTS_IN_PROCESS : 1;
  const out = new Map<string, GroupSums>();
  const entry = (exerciseId: number, groupId: number) => {
    const key = `${exerciseId}:${groupId}`;
    let g = out.get(key);
    if (!g) out.set(key, (g = { exerciseId, groupId, attempts: 0, questions: [] }));
    return g;
  };
  const sums = new Map<string, SumsRow>();
  const wrong = new Map<string, Map<string, number>>();
  let took = 0;
  for (let index = 0; index < of; index++) {
    if (index) await giveWay(db, took);
    const began = performance.now();
    const part = await readPart(db, access, who, s, of === 1 ? undefined : { index, of });
    took = performance.now() - began;
    for (const r of part.attempts) entry(r.exercise_id, r.group_id).attempts += r.n;
    for (const r of part.sums) {
      const key = `${r.exercise_id}:${r.group_id}:${r.slide_id}`;
      const kept = sums.get(key);
      if (kept) addSums(kept, r);
      else sums.set(key, { ...r });
    }
    for (const r of part.wrong) {
      const key = `${r.exercise_id}:${r.group_id}:${r.slide_id}`;
      const counts = wrong.get(key) ?? new Map<string, number>();
      counts.set(r.text, (counts.get(r.text) ?? 0) + r.count);
      wrong.set(key, counts);
    }
  }
  for (const [key, { exercise_id, group_id, slide_id, ...r }] of sums) {
    entry(exercise_id, group_id).questions.push({ ...r, slideId: slide_id, wrong: mostGiven(wrong.get(key), KEPT_WRONG) });
  }
  return [...out.values()];
}

/**
 * Between two parts on PGlite: a pause twice as long as the last part took (MAX_PAUSE_MS at most),
 * so that the parts take a third of the database's time and the saves the rest. Turns of the event
 * loop alone let the saves queued meanwhile in, but the parts still took most of the time while
 * they ran: with 8 parts back to back, the saves in flight during a refetch (8-10% of a storm's)
 * had a p95 of 41-151 ms against 12-24 ms for the others. As autovacuum's cost delay does. A long
 * part (a course's whole recomputation: hundreds of ms) barely waits.
 */
async function giveWay(db: Db, took: number): Promise<void> {
  await letOthersIn(db);
  await new Promise((resolve) => setTimeout(resolve, Math.min(2 * took, MAX_PAUSE_MS)));
}
const MAX_PAUSE_MS = 20;

/** The sums' counts and sums of one question added to another's (parts of its answers, or course groups). */
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
 * One statement: the sums, the attempts and the wrong answers of the students in `part` (all when
 * undefined), each as one JSON value. The answers in scope are read once (`ans` is materialised),
 * planned once, and a few JSON strings cross from the database instead of a row each: three reads
 * apart cost 1.35× the one statement on PGlite (49 against 36 ms over an exam of 10,000 answers).
 * A part answers every wrong text with its count (the top is taken of the parts' sums); the whole
 * answers the top KEPT_WRONG only.
 */
async function readPart(db: Db, access: CourseAccess, who: Who, s: AnswerScope, part: AnswerScope['part']) {
  const [read] = await executePrepared<{ sums: SumsRow[] | string | null; attempts: AttemptsRow[] | string | null; wrong: WrongRow[] | string | null }>(
    db,
    sql`with ${answersCte(access, who, { ...s, part })},
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
      ${wrongAnswersCtes(part ? undefined : KEPT_WRONG)}
      select (select json_agg(x) from sums x) as "sums", (select json_agg(x) from attempts x) as "attempts", (select json_agg(x) from wrong x) as "wrong"`,
  );
  return { sums: jsonOf(read?.sums) ?? [], attempts: jsonOf(read?.attempts) ?? [], wrong: jsonOf(read?.wrong) ?? [] };
}

/**
 * The most given wrong answers per exercise, course group and question, `top` at most (every one
 * when undefined): the
 * wrong options chosen (choice), the wrong pairs (matching: "option → target"), the wrong orders
 * (sequence) among answers that were not right, and the wrong free answers as written (trimmed,
 * lower case). As CTEs over `ans`, ending in `wrong`.
 */
const wrongAnswersCtes = (top: number | undefined) => sql`a as (select "exercise_id", "group_id", "slide_id", "kind", "value" from ans
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
      wrong as (select "exercise_id", "group_id", "slide_id", "text", "count" from counted ${top === undefined ? sql`` : sql`where "rank" <= ${top}`})`;
