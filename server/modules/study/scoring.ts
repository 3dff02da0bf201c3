/**
 * Pure scoring of one answer per question kind. `fraction` is the share of the slide's
 * points earned (0..1); `manual` marks an answer an instructor has to check (it stays
 * "not rated" until evaluated); attributes are never rated.
 */
import { AnswerCorrectness, ChoiceMode, InputValueType } from '../../../shared/enums.js';

export interface Scored {
  correctness: AnswerCorrectness;
  fraction: number | null;
  manual: boolean;
}

const rated = (fraction: number): Scored => ({
  correctness: fraction >= 1 ? AnswerCorrectness.correct : AnswerCorrectness.incorrect,
  fraction,
  manual: false,
});
export const manualCheck = (): Scored => ({ correctness: AnswerCorrectness.notRated, fraction: null, manual: true });
export const notRated = (): Scored => ({ correctness: AnswerCorrectness.notRated, fraction: null, manual: false });

export const TEXTAREA_MAX = 500;
export const FLOAT_TOLERANCE = 1e-6;

/** Choice (radio or checkbox): all or nothing — the chosen set equals the correct set. */
export function scoreChoice(mode: ChoiceMode, correctIds: number[], chosen: number[]): Scored {
  const want = new Set(correctIds);
  const got = new Set(chosen);
  if (mode === ChoiceMode.radio && got.size !== 1) return rated(0);
  const same = want.size === got.size && [...want].every((id) => got.has(id));
  return rated(same ? 1 : 0);
}

/** Normalised free value per input type, or null when it is not a value of that type. */
export function normaliseFree(type: InputValueType, raw: string, caseSensitive = false): string | null {
  const s = raw.trim();
  switch (type) {
    case InputValueType.date: {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s) ?? null;
      const r = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(s);
      const [y, mo, d] = m ? [m[1], m[2], m[3]] : r ? [r[3], r[2], r[1]] : [];
      if (!y) return null;
      const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return null;
      return `${y}-${mo}-${d}`;
    }
    case InputValueType.integer:
      return /^[+-]?\d+$/.test(s) ? String(Number(s)) : null;
    case InputValueType.float: {
      const t = s.replace(',', '.');
      return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? String(Number(t)) : null;
    }
    case InputValueType.boolean: {
      const t = s.toLowerCase();
      if (['true', '1', 'yes', 'да'].includes(t)) return 'true';
      if (['false', '0', 'no', 'нет'].includes(t)) return 'false';
      return null;
    }
    default: {
      const t = s.replace(/\s+/g, ' ');
      return caseSensitive ? t : t.toLocaleLowerCase();
    }
  }
}

/**
 * Free answer: date, integer, boolean and string (case- and space-insensitive unless the
 * question says otherwise) compare exactly; float within FLOAT_TOLERANCE; a textarea, or a
 * question without accepted values, goes to manual check.
 */
export function scoreFree(
  type: InputValueType,
  accepted: string[],
  value: string,
  caseSensitive = false,
): Scored {
  if (type === InputValueType.text || accepted.length === 0) return manualCheck();
  const got = normaliseFree(type, value, caseSensitive);
  if (got === null) return rated(0);
  const ok = accepted.some((a) => {
    const want = normaliseFree(type, a, caseSensitive);
    if (want === null) return false;
    if (type === InputValueType.float) return Math.abs(Number(want) - Number(got)) <= FLOAT_TOLERANCE * Math.max(1, Math.abs(Number(want)));
    return want === got;
  });
  return rated(ok ? 1 : 0);
}

/**
 * Matching, per pair: each option's chosen target (null = left unmatched) against its correct
 * target (null = a distractor that must stay unmatched); the share of right options.
 */
export function scoreMatching(
  options: { id: number; correctTargetId: number | null }[],
  pairs: { optionId: number; targetId: number | null }[],
): Scored {
  if (!options.length) return rated(1);
  const chosen = new Map(pairs.map((p) => [p.optionId, p.targetId]));
  const right = options.filter((o) => (chosen.get(o.id) ?? null) === o.correctTargetId).length;
  return rated(right / options.length);
}

/** Sequence: the exact order, or nothing. */
export function scoreSequence(items: { id: number; correctPosition: number }[], order: number[]): Scored {
  const correct = [...items].sort((a, b) => a.correctPosition - b.correctPosition || a.id - b.id).map((i) => i.id);
  const same = correct.length === order.length && correct.every((id, i) => order[i] === id);
  return rated(same ? 1 : 0);
}

/** Code: the share of passed test cases (no cases: manual check). */
export function scoreCode(results: { passed: boolean }[]): Scored {
  if (!results.length) return manualCheck();
  return rated(results.filter((r) => r.passed).length / results.length);
}

/** A file answer is always checked by an instructor. */
export const scoreFile = (): Scored => manualCheck();

/** Attributes are collected, never rated. */
export const scoreAttributes = (): Scored => notRated();
