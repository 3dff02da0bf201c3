/** Free-answer questions: one typed input (spec 2 §4 InputValueType), accepted values, bounds. */
import { z } from 'zod';
import { InputValueType, SlideContentTypeCode } from '../enums';
import { messages as m } from '../resources/define';
import { courseId, label, MAX_CORRECT_VALUES, questionBase, text, TEXTAREA_MAX } from './common';

/** The typed input kinds of a free-answer question (InputValueType codes and their content type codes). */
export const FREE_INPUT_TYPES = [
  { id: InputValueType.string, key: 'string', code: SlideContentTypeCode.textInput },
  { id: InputValueType.text, key: 'text', code: SlideContentTypeCode.textarea },
  { id: InputValueType.integer, key: 'integer', code: SlideContentTypeCode.integer },
  { id: InputValueType.float, key: 'float', code: SlideContentTypeCode.float },
  { id: InputValueType.date, key: 'date', code: SlideContentTypeCode.dateInput },
  { id: InputValueType.boolean, key: 'boolean', code: SlideContentTypeCode.boolean },
] as const;
export type FreeInputTypeKey = (typeof FREE_INPUT_TYPES)[number]['key'];
export const FREE_INPUT_TYPE_IDS = FREE_INPUT_TYPES.map((t) => t.id);
export const freeInputTypeOf = (id: number) => FREE_INPUT_TYPES.find((t) => t.id === id);

const freeInputType = z
  .number(m.type)
  .int(m.type)
  .refine((v) => (FREE_INPUT_TYPE_IDS as readonly number[]).includes(v), { message: 'questions.unknownInputType' });

/** Accepted forms of a value of each type (the student's answer and the correct values). */
export function parseFreeValue(type: number, raw: string): { ok: true; value: string } | { ok: false } {
  const s = raw.trim();
  switch (type) {
    case InputValueType.integer:
      return /^[-+]?\d{1,15}$/.test(s) ? { ok: true, value: String(Number(s)) } : { ok: false };
    case InputValueType.float: {
      const t = s.replace(',', '.');
      return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(t) && Number.isFinite(Number(t)) ? { ok: true, value: String(Number(t)) } : { ok: false };
    }
    case InputValueType.boolean: {
      const b = s.toLowerCase();
      if (['true', 'да', 'yes', '1'].includes(b)) return { ok: true, value: 'true' };
      if (['false', 'нет', 'no', '0'].includes(b)) return { ok: true, value: 'false' };
      return { ok: false };
    }
    case InputValueType.date: {
      // DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD → YYYY-MM-DD
      let d: string[] | null = null;
      const dmy = /^(\d{2})[./-](\d{2})[./-](\d{4})$/.exec(s);
      const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (dmy) d = [dmy[3], dmy[2], dmy[1]];
      else if (ymd) d = [ymd[1], ymd[2], ymd[3]];
      if (!d) return { ok: false };
      const date = new Date(`${d[0]}-${d[1]}-${d[2]}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === `${d[0]}-${d[1]}-${d[2]}`
        ? { ok: true, value: `${d[0]}-${d[1]}-${d[2]}` }
        : { ok: false };
    }
    case InputValueType.text:
      return s.length <= TEXTAREA_MAX ? { ok: true, value: raw } : { ok: false };
    default:
      return { ok: true, value: raw };
  }
}

export const freeQuestionInput = z
  .object({
    label,
    text,
    courseId,
    inputType: freeInputType,
    /** accepted answers (any one matches); empty = the answer is evaluated by an instructor */
    correctValues: z.array(z.string(m.type).max(TEXTAREA_MAX, m.tooLong)).max(MAX_CORRECT_VALUES, m.tooBig).default([]),
    caseSensitive: z.boolean(m.type).default(false),
    /** strings: length bounds; numbers: value bounds */
    min: z.number(m.type).nullable().default(null),
    max: z.number(m.type).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    v.correctValues.forEach((value, i) => {
      if (value.trim() === '') ctx.addIssue({ code: 'custom', path: ['correctValues', i], message: 'validation.required' });
      else if (!parseFreeValue(v.inputType, value).ok) ctx.addIssue({ code: 'custom', path: ['correctValues', i], message: 'questions.valueOfType' });
    });
    if (v.min !== null && v.max !== null && v.min > v.max) ctx.addIssue({ code: 'custom', path: ['max'], message: 'questions.minAboveMax' });
    const textual = v.inputType === InputValueType.string || v.inputType === InputValueType.text;
    if (textual) {
      for (const k of ['min', 'max'] as const) {
        const b = v[k];
        if (b !== null && (!Number.isInteger(b) || b < 0)) ctx.addIssue({ code: 'custom', path: [k], message: 'questions.lengthBound' });
      }
    } else if (v.inputType === InputValueType.boolean || v.inputType === InputValueType.date) {
      for (const k of ['min', 'max'] as const) if (v[k] !== null) ctx.addIssue({ code: 'custom', path: [k], message: 'questions.noBounds' });
    }
  });
export type FreeQuestionInput = z.infer<typeof freeQuestionInput>;

export const freeQuestionRecord = z.object({
  ...questionBase,
  inputType: z.number().int(),
  correctValues: z.array(z.string()),
  caseSensitive: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type FreeQuestion = z.infer<typeof freeQuestionRecord>;

/** GET .../free/{id}/preview: the question as a student sees it (no correct values). */
export const freeQuestionPreview = z.object({
  id: z.number().int(),
  label: z.string(),
  text: z.string(),
  inputType: z.number().int(),
  /** content type code of the input ('2.5.x') */
  contentType: z.string(),
  input: z.object({
    kind: z.enum(['string', 'text', 'integer', 'float', 'date', 'boolean']),
    multiline: z.boolean(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** float inputs step 0.1 (spec 2 §6) */
    step: z.number().nullable(),
    maxLength: z.number().nullable(),
  }),
});
export type FreeQuestionPreview = z.infer<typeof freeQuestionPreview>;

/** The preview of a free question (server and client build it alike). */
export function freePreviewOf(q: { id: number; label: string; text: string; inputType: number; min: number | null; max: number | null }): FreeQuestionPreview {
  const type = freeInputTypeOf(q.inputType) ?? FREE_INPUT_TYPES[0];
  const textual = type.id === InputValueType.string || type.id === InputValueType.text;
  return {
    id: q.id,
    label: q.label,
    text: q.text,
    inputType: type.id,
    contentType: type.code,
    input: {
      kind: type.key,
      multiline: type.id === InputValueType.text,
      min: q.min,
      max: q.max,
      step: type.id === InputValueType.float ? 0.1 : type.id === InputValueType.integer ? 1 : null,
      maxLength: type.id === InputValueType.text ? Math.min(q.max ?? TEXTAREA_MAX, TEXTAREA_MAX) : textual && q.max !== null ? q.max : null,
    },
  };
}

export const freeTypeRecord = z.object({ id: z.number().int(), key: z.string(), label: z.string(), contentType: z.string() });
export type FreeType = z.infer<typeof freeTypeRecord>;
