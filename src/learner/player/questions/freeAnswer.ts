import { z } from 'zod';
import { InputValueType } from '../../../../shared/enums';

/** Longest free answer (spec 2 §6 text area; the server allows no more for any text input). */
export const TEXT_MAX = 500;

/** Input kinds the form knows, by the `key` of the types call. */
export const FREE_KINDS = ['string', 'text', 'integer', 'float', 'date', 'boolean'] as const;
export type FreeKind = (typeof FREE_KINDS)[number];
export const isFreeKind = (key: string): key is FreeKind => (FREE_KINDS as readonly string[]).includes(key);

/** The question's bounds: lengths for text inputs, values for numbers (spec 2 §6). */
export interface FreeBounds { min: number | null; max: number | null }

/**
 * The free answer's check, the same as the server's on save (server/modules/study/answers.ts
 * and scoring.ts normaliseFree): text inputs non-blank, at most 500 characters and within
 * the question's length bounds; an integer or a number with a dot or a comma, within the
 * value bounds; a real calendar date (the date input gives YYYY-MM-DD); a boolean as
 * 'true'/'false'. Messages are i18n keys of app.playerQuestions, with the bound as `max`/`value`.
 */
export function freeAnswerSchema(inputType: number, { min, max }: FreeBounds = { min: null, max: null }) {
  const text = z.string();
  const inRange = (s: string) => {
    const n = Number(s);
    return (min === null || n >= min) && (max === null || n <= max);
  };
  const rangeMessage = (s: string) => (min !== null && Number(s) < min ? 'free.numberMin' : 'free.numberMax');
  switch (inputType) {
    case InputValueType.integer:
      return text
        .trim()
        .regex(/^[+-]?\d+$/, 'free.integer')
        .superRefine((s, ctx) => {
          if (!inRange(s)) ctx.addIssue({ code: 'custom', message: rangeMessage(s) });
        });
    case InputValueType.float:
      return text
        .trim()
        .transform((s) => s.replace(',', '.'))
        .pipe(z.string().regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'free.float'))
        .superRefine((s, ctx) => {
          if (!inRange(s)) ctx.addIssue({ code: 'custom', message: rangeMessage(s) });
        });
    case InputValueType.date:
      return text.trim().refine(isCalendarDate, 'free.date');
    case InputValueType.boolean:
      return z.enum(['true', 'false'], 'free.boolean');
    default:
      return text
        .refine((s) => s.trim() !== '', 'free.required')
        .refine((s) => s.length <= Math.min(max ?? TEXT_MAX, TEXT_MAX), 'free.tooLong')
        .refine((s) => min === null || s.trim().length >= min, 'free.lengthMin');
  }
}

/** Longest text the question takes (its max, never above 500). */
export const textMax = (max: number | null) => Math.min(max ?? TEXT_MAX, TEXT_MAX);

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The value to send, or the i18n key of the first problem. */
export function checkFreeAnswer(inputType: number, raw: string, bounds?: FreeBounds): { ok: true; value: string } | { ok: false; error: string } {
  const r = freeAnswerSchema(inputType, bounds).safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: r.error.issues[0]?.message ?? 'free.required' };
}
