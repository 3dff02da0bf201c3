import { sql } from 'drizzle-orm';
import { letOthersIn, type Db } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
import type { CourseAccess } from '../courses/access.js';
import { intArray, type Who } from '../journal/query.js';
import { answersCte, type AnswerScope } from './scope.js';

/**
 * Typical errors' sums on PGlite (answerSums.ts computeSums: the same figures as the SQL statement
 * that PostgreSQL runs). PGlite runs one statement at a time on the server's event loop, and the
 * live typical errors page recomputes an exam's answers every 1.5 s of a storm while every save
 * waits behind it. So here the answers are read in PARTS, by student (account id modulo), each
 * one prepared statement that only lists its answers as one compact string, with a pause between
 * parts (giveWay); the sums, the attempt totals and the wrong answers' counts are made here.
 * PGlite's executor (WebAssembly, planning without statistics) took ~8 ms for a part's sums and
 * wrong answers; the list alone takes ~4.5 ms, and V8 sums it in well under one
 * (docs/benchmarks.md "Live typical errors", fourth pass).
 */
const PARTS = 8;

/** Between two parts: a pause twice as long as the last part took (MAX_PAUSE_MS at most), as autovacuum's cost delay. */
async function giveWay(db: Db, took: number): Promise<void> {
  await letOthersIn(db);
  await new Promise((resolve) => setTimeout(resolve, Math.min(2 * took, MAX_PAUSE_MS)));
}
const MAX_PAUSE_MS = 20;

/** One answer of the list: its fields separated by US (31), answers by RS (30); jsonb's text never holds either raw. */
const US = '\u001f';
const RS = '\u001e';

type Sums = Omit<QuestionSums, 'slideId' | 'wrong'>;
export interface PartSums {
  /** `${exerciseId}:${groupId}` → the students' standing attempts */
  attempts: Map<string, number>;
  /** `${exerciseId}:${groupId}:${slideId}` → the sums */
  sums: Map<string, Sums>;
  /** the wrong answers given, per question key, still as ids (resolved to texts once, after the parts) */
  chosen: Map<string, Map<number, number>>;
  pairs: Map<string, Map<string, number>>;
  orders: Map<string, Map<string, number>>;
  /** free answers: already the text */
  written: Map<string, Map<string, number>>;
}

/** The sums of the answers in scope, read in parts (above); per exercise, course group and question. */
export async function sumsInParts(db: Db, access: CourseAccess, who: Who, s: AnswerScope) {
  const into: PartSums = { attempts: new Map(), sums: new Map(), chosen: new Map(), pairs: new Map(), orders: new Map(), written: new Map() };
  let took = 0;
  for (let index = 0; index < PARTS; index++) {
    if (index) await giveWay(db, took);
    const began = performance.now();
    const [read] = await executePrepared<{ rows: string | null; attempts: { exercise_id: number; group_id: number; n: number }[] | string | null }>(
      db,
      sql`with ${answersCte(access, who, { ...s, part: { index, of: PARTS } })},
        attempts as (select "exercise_id", coalesce("group_id", 0) as "group_id", count(*)::int as "n" from att group by 1, 2)
        select (select json_agg(x) from attempts x) as "attempts",
          (select string_agg(concat_ws(${US}, "attempt_id", "exercise_id", "group_id", "slide_id", "kind", "verdict", coalesce("score"::text, ''),
            case when "verdict" = 'r' then null when "kind" in (2, 11, 12) then "value"::text
                 when "kind" = 5 and "verdict" = 'w' then to_json(lower(btrim("value" ->> 'value')))::text end), ${RS}) from ans) as "rows"`,
    );
    for (const a of jsonOf(read?.attempts ?? null) ?? []) add(into.attempts, `${a.exercise_id}:${a.group_id}`, a.n);
    addPart(into, read?.rows ?? '');
    took = performance.now() - began;
  }
  await letOthersIn(db);
  return { ...into, texts: await wrongTexts(db, into) };
}

const add = <K>(m: Map<K, number>, k: K, n = 1) => m.set(k, (m.get(k) ?? 0) + n);
/** Counts `k` under the question `key`. */
const addTo = <K>(m: Map<string, Map<K, number>>, key: string, k: K, n = 1) => {
  let counts = m.get(key);
  if (!counts) m.set(key, (counts = new Map()));
  add(counts, k, n);
};
const ints = (v: unknown): number[] | undefined => (Array.isArray(v) ? v.map(Number).filter(Number.isInteger) : undefined);

/**
 * One part's list added in: an attempt's answers are all in its part, so its total is known here.
 * As the statement did: y = the attempt's total of rated answers without this one; only rated
 * answers enter the sums.
 */
export function addPart(into: PartSums, list: string): void {
  if (!list) return;
  const answers = list.split(RS).map((line) => line.split(US));
  const totals = new Map<string, number>();
  for (const [attempt, , , , , , score] of answers) if (score !== '') add(totals, attempt, Number(score));
  for (const [attempt, exercise, group, slide, kindText, verdict, score, wrong] of answers) {
    const key = `${exercise}:${group}:${slide}`;
    const kind = Number(kindText);
    let q = into.sums.get(key);
    if (!q) into.sums.set(key, (q = { kind, n: 0, r: 0, p: 0, w: 0, nr: 0, rated: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 }));
    q.n++;
    q.kind = Math.max(q.kind, kind);
    if (verdict === 'r') q.r++;
    else if (verdict === 'p') q.p++;
    else if (verdict === 'w') q.w++;
    else q.nr++;
    if (score !== '') {
      const x = Number(score);
      const y = totals.get(attempt)! - x;
      q.rated++;
      q.sx += x;
      q.sy += y;
      q.sxx += x * x;
      q.syy += y * y;
      q.sxy += x * y;
    }
    if (wrong !== undefined) addWrong(into, key, kind, JSON.parse(wrong) as unknown);
  }
}

/** A wrong answer's parts counted as the SQL statement counts them (answerSums.ts wrongAnswersCtes). */
function addWrong(into: PartSums, key: string, kind: number, value: unknown): void {
  const v = (value ?? {}) as Record<string, unknown>;
  if (kind === 5) return void (typeof value === 'string' && value && addTo(into.written, key, value));
  if (kind === 2) for (const id of ints(v.optionIds) ?? []) addTo(into.chosen, key, id);
  else if (kind === 11) {
    const ids = ints(v.itemIds);
    if (ids?.length) addTo(into.orders, key, ids.join(','));
  } else if (kind === 12 && Array.isArray(v.pairs)) {
    for (const p of v.pairs as { optionId?: unknown; targetId?: unknown }[]) {
      const option = Number(p?.optionId);
      if (!Number.isInteger(option)) continue;
      const target = p?.targetId === null || p?.targetId === undefined ? '' : Number(p.targetId);
      if (target === '' || Number.isInteger(target)) addTo(into.pairs, key, `${option}:${target}`);
    }
  }
}

/**
 * The wrong answers' texts per question key, with their counts: the wrong options chosen, the
 * wrong pairs ("option → target", "—" without one), the orders ("item → item"), the free answers.
 * The ids met are read in one statement.
 */
async function wrongTexts(db: Db, p: PartSums): Promise<Map<string, Map<string, number>>> {
  const keysOf = <K>(m: Map<string, Map<K, number>>) => [...m.values()].flatMap((counts) => [...counts.keys()]);
  const pairs = keysOf(p.pairs).map((k) => k.split(':'));
  const options = intArray([...new Set(keysOf(p.chosen))]);
  const pairOptions = intArray([...new Set(pairs.map(([o]) => Number(o)))]);
  const targets = intArray([...new Set(pairs.filter(([, t]) => t !== '').map(([, t]) => Number(t)))]);
  const items = intArray([...new Set(keysOf(p.orders).flatMap((k) => k.split(',').map(Number)))]);
  const texts = new Map<string, Map<string, number>>();
  const count = (key: string, text: string | null | undefined, n: number) => void (text && addTo(texts, key, text, n));
  for (const [key, counts] of p.written) for (const [text, n] of counts) count(key, text, n);
  if (!options.length && !pairOptions.length && !items.length) return texts;
  const [d] = rowsOf<{ o: unknown[][] | string | null; mo: unknown[][] | string | null; mt: unknown[][] | string | null; si: unknown[][] | string | null }>(
    await db.execute(sql`select
      (select json_agg(json_build_array("id", "text")) from "closed_question_options" where "id" = any(${options}::int[]) and not "is_correct") as "o",
      (select json_agg(json_build_array("id", "text", "correct_target_id")) from "matching_options" where "id" = any(${pairOptions}::int[])) as "mo",
      (select json_agg(json_build_array("id", "text")) from "matching_targets" where "id" = any(${targets}::int[])) as "mt",
      (select json_agg(json_build_array("id", "text")) from "sequence_items" where "id" = any(${items}::int[])) as "si"`),
  );
  const named = (v: unknown[][] | string | null | undefined) => new Map((jsonOf(v ?? null) ?? []).map(([id, ...rest]) => [Number(id), rest]));
  const [option, pairOption, target, item] = [named(d?.o), named(d?.mo), named(d?.mt), named(d?.si)];
  for (const [key, counts] of p.chosen) for (const [id, n] of counts) count(key, option.get(id)?.[0] as string | undefined, n);
  for (const [key, counts] of p.pairs) {
    for (const [pair, n] of counts) {
      const [o, t] = pair.split(':');
      const mo = pairOption.get(Number(o));
      // a right pair (its target the option's correct one) is no error; a missing target is "—"
      if (!mo || (t === '' ? mo[1] === null : Number(t) === mo[1])) continue;
      const text = mo[0] as string | null;
      count(key, text === null ? null : `${text} → ${(t === '' ? undefined : (target.get(Number(t))?.[0] as string | null)) ?? '—'}`, n);
    }
  }
  for (const [key, counts] of p.orders) {
    for (const [order, n] of counts) {
      // as string_agg: items not found, or without a text, are left out
      const found = order.split(',').flatMap((id) => (typeof item.get(Number(id))?.[0] === 'string' ? [item.get(Number(id))![0] as string] : []));
      count(key, found.length ? found.join(' → ') : null, n);
    }
  }
  return texts;
}
