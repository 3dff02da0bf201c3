import { sql } from 'drizzle-orm';
import type { AnalysedKind, QuestionStats, TypicalErrors, WrongAnswer } from '../../../shared/calls/analytics.js';
import { discriminationIndex, facilityIndex } from '../../../shared/analytics/itemAnalysis.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../courses/courseGroups/access.js';
import type { Who } from '../journal/query.js';
import { answersCte, slideLabelSql, slideQuestionJoins, type AnswerScope } from './scope.js';

/** Wrong answers listed per question. */
export const TOP_WRONG = 5;

interface StatsRow {
  slide_id: number;
  label: string;
  kind: number;
  lesson_id: number;
  lesson_label: string;
  exercise_id: number;
  exercise_label: string;
  max_score: number;
  attempts: number;
  n: number;
  r: number;
  p: number;
  w: number;
  nr: number;
  rated: number;
  sx: number | null;
  sy: number | null;
  sxx: number | null;
  syy: number | null;
  sxy: number | null;
}

/**
 * Sums per question in SQL (one pass over the answers), the indices from the sums
 * (shared/analytics/itemAnalysis.ts). x = the answer's score, y = the rest of its attempt
 * (the attempt's rated answers in scope, without this one). Rated answers only enter the sums.
 */
export async function questionStats(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<{ rows: StatsRow[]; attempts: number }> {
  const rows = rowsOf<StatsRow>(
    await db.execute(sql`with ${answersCte(access, who, s)},
      tot as (select "attempt_id", sum(coalesce("score", 0))::float8 as "total" from ans where "score" is not null group by "attempt_id"),
      st as (
        select ans."slide_id", count(*)::int as "n",
          count(*) filter (where "verdict" = 'r')::int as "r", count(*) filter (where "verdict" = 'p')::int as "p",
          count(*) filter (where "verdict" = 'w')::int as "w", count(*) filter (where "verdict" = 'n')::int as "nr",
          count(ans."score")::int as "rated",
          sum(ans."score")::float8 as "sx", sum(tot."total" - ans."score")::float8 as "sy",
          sum(ans."score" * ans."score")::float8 as "sxx", sum((tot."total" - ans."score") ^ 2)::float8 as "syy",
          sum(ans."score" * (tot."total" - ans."score"))::float8 as "sxy",
          max(ans."kind")::int as "kind"
        from ans left join tot on tot."attempt_id" = ans."attempt_id"
        group by ans."slide_id")
      select st.*, (select count(*)::int from att) as "attempts", ${slideLabelSql} as "label", e."id" as "exercise_id", e."label" as "exercise_label", l."id" as "lesson_id", l."label" as "lesson_label", s."max_score"
      from st join "slides" s on s."id" = st."slide_id" ${slideQuestionJoins}
      join "exercises" e on e."id" = s."exercise_id" join "lessons" l on l."id" = e."lesson_id"
      order by l."sequence", l."id", e."sequence", e."id", s."sequence", s."id"`),
  );
  // attempts without an answer in scope count too; with no answers at all the count needs its own query
  const attempts = rows.length ? rows[0].attempts : rowsOf<{ n: number }>(await db.execute(sql`with ${answersCte(access, who, s)} select count(*)::int as "n" from att`))[0].n;
  return { rows, attempts };
}

/**
 * The most given wrong answers per question, TOP_WRONG at most: the wrong options chosen (choice),
 * the wrong pairs (matching: "option → target"), the wrong orders (sequence) among answers that
 * were not right, and the wrong free answers as written (trimmed, lower case).
 */
export async function wrongAnswers(db: Db, access: CourseAccess, who: Who, s: AnswerScope, limit = TOP_WRONG): Promise<Map<number, WrongAnswer[]>> {
  const rows = rowsOf<{ slide_id: number; text: string; count: number }>(
    await db.execute(sql`with ${answersCte(access, who, s)},
      given as (
        select ans."slide_id", o."text" as "text"
          from ans cross join lateral jsonb_array_elements_text(ans."value" -> 'optionIds') as x("id")
          join "closed_question_options" o on o."id" = x."id"::int and not o."is_correct"
          where ans."kind" = 2 and ans."verdict" <> 'r'
        union all
        select ans."slide_id", mo."text" || ' → ' || coalesce(mt."text", '—')
          from ans cross join lateral jsonb_to_recordset(ans."value" -> 'pairs') as p("optionId" int, "targetId" int)
          join "matching_options" mo on mo."id" = p."optionId" left join "matching_targets" mt on mt."id" = p."targetId"
          where ans."kind" = 12 and ans."verdict" <> 'r' and p."targetId" is distinct from mo."correct_target_id"
        union all
        select ans."slide_id", (select string_agg(si."text", ' → ' order by x."ord") from jsonb_array_elements_text(ans."value" -> 'itemIds') with ordinality as x("id", "ord")
            join "sequence_items" si on si."id" = x."id"::int)
          from ans where ans."kind" = 11 and ans."verdict" <> 'r'
        union all
        select ans."slide_id", lower(btrim(ans."value" ->> 'value'))
          from ans where ans."kind" = 5 and ans."verdict" = 'w'),
      counted as (
        select "slide_id", "text", count(*)::int as "count", row_number() over (partition by "slide_id" order by count(*) desc, "text") as "rank"
        from given where "text" is not null and "text" <> '' group by "slide_id", "text")
      select "slide_id", "text", "count" from counted where "rank" <= ${limit} order by "slide_id", "rank"`),
  );
  const out = new Map<number, WrongAnswer[]>();
  for (const r of rows) {
    const list = out.get(r.slide_id) ?? [];
    list.push({ text: r.text, count: r.count });
    out.set(r.slide_id, list);
  }
  return out;
}

const round = (v: number | null, digits = 3) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** One question's line from its sums. */
export function statsOf(r: StatsRow, wrong: WrongAnswer[]): QuestionStats {
  const sums = { n: r.rated, sumX: r.sx ?? 0, sumY: r.sy ?? 0, sumXX: r.sxx ?? 0, sumYY: r.syy ?? 0, sumXY: r.sxy ?? 0 };
  return {
    slideId: r.slide_id,
    label: r.label,
    kind: r.kind as AnalysedKind,
    lessonId: r.lesson_id,
    lessonLabel: r.lesson_label,
    exerciseId: r.exercise_id,
    exerciseLabel: r.exercise_label,
    maxScore: r.max_score,
    answers: r.n,
    right: r.r,
    partly: r.p,
    wrong: r.w,
    notRated: r.nr,
    facility: round(facilityIndex(sums, r.max_score)),
    discrimination: round(discriminationIndex(sums)),
    wrongAnswers: wrong,
  };
}

export async function typicalErrors(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<TypicalErrors> {
  const [{ rows, attempts }, wrong] = await Promise.all([questionStats(db, access, who, s), wrongAnswers(db, access, who, s)]);
  return { questions: rows.map((r) => statsOf(r, wrong.get(r.slide_id) ?? [])), attempts, at: new Date().toISOString() };
}
