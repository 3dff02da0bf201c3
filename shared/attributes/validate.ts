import { z } from 'zod';
import { AttributeDataType } from '../enums';
import {
  addressValue,
  attributeAnswer,
  companyValue,
  type AttributeAnswer,
  type AttributeDefinition,
  type Requirement,
  type StoredAttributeValue,
} from './definition';
import { belongsToSource, type AttributeSources } from './sources';

/** A problem with one answer: a message key of the `attributes.*` catalogue (server and client) and its values. */
export interface AttributeProblem {
  key: string;
  vars?: Record<string, string | number>;
}

/** Text area: at most 500 characters unless read-only (spec 2 §6). */
export const TEXT_AREA_MAX = 500;
/** Phone mask of the profile (spec 2 §6): +9 (999) 999-99-99. */
export const PHONE_MASK = /^\+\d \(\d{3}\) \d{3}-\d{2}-\d{2}$/;
/** Generic tel of spec 2 §6: '+', 1-3 digits, space, 2-3 digit code in parentheses, space, 2-4 digits, dash, 2-4 digits, optional dash and 2 digits. */
export const GENERIC_TEL = /^\+\d{1,3} \(\d{2,3}\) \d{2,4}-\d{2,4}(-\d{2})?$/;
const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const INT = /^[+-]?\d{1,15}$/;
const FLOAT = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;

const problem = (key: string, vars?: Record<string, string | number>): AttributeProblem => ({ key: `attributes.${key}`, vars });

/** A DD-MM-YYYY date that exists in the calendar. */
export function isWireDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A pattern matched as a whole value; a broken pattern (the author's mistake) lets every value through. */
export function matchesPattern(regex: string, v: string): boolean {
  try {
    return new RegExp(`^(?:${regex})$`, 'u').test(v);
  } catch {
    return true;
  }
}

const KNOWN_TYPES = new Set<number>(Object.values(AttributeDataType));
const isNumeric = (t: number) => t === AttributeDataType.int || t === AttributeDataType.float;
const isTextArea = (d: AttributeDefinition) => d.type === AttributeDataType.text || d.isTextArea;

/** The ids a set's value names (comma-joined on the wire). */
export const setIds = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

function scalar(answer: AttributeAnswer): string {
  const v = answer.value;
  return v === null || v === undefined ? '' : String(v).trim();
}

/** Whether the answer gives nothing (a none choice counts as given). */
export function isEmptyAnswer(d: AttributeDefinition, a: AttributeAnswer): boolean {
  if (a.isHasNoneValue) return false;
  switch (d.type) {
    case AttributeDataType.address:
      return !(a.address?.addressName ?? scalar(a)).trim();
    case AttributeDataType.company:
      return !a.company?.companyName?.trim();
    case AttributeDataType.file:
      return !a.fileId;
    case AttributeDataType.bool:
      return scalar(a) !== 'true' && scalar(a) !== 'false';
    default:
      return scalar(a) === '';
  }
}

/**
 * Checks one answer against its attribute and the requirement it is asked with (spec 2 §4, §6).
 * ok: what to store (null: nothing given, an optional field left empty); else the first problem.
 * The same function runs in the browser as the student types and on the server when saving.
 */
export function checkAttributeAnswer(
  d: AttributeDefinition,
  requirement: Requirement,
  a: AttributeAnswer,
  sources: AttributeSources = {},
): { ok: true; stored: StoredAttributeValue | null } | { ok: false; problem: AttributeProblem } {
  const fail = (key: string, vars?: Record<string, string | number>) => ({ ok: false as const, problem: problem(key, vars) });
  if (!KNOWN_TYPES.has(d.type)) return fail('unknownType');
  if (requirement === 'readonly' || d.readonly) return fail('readonly');
  if (requirement === 'hidden') return { ok: true, stored: null };
  const required = requirement === 'required';
  if (a.isHasNoneValue) {
    if (!d.isHasNoneAttribute) return fail('noneNotOffered');
    return { ok: true, stored: { value: null, valueJson: null, isHasNoneValue: true, fileId: null } };
  }
  if (isEmptyAnswer(d, a) || (d.type === AttributeDataType.bool && required && scalar(a) !== 'true')) {
    if (!required) return { ok: true, stored: null };
    if (d.type === AttributeDataType.bool) return fail('confirm');
    return fail(d.isHasNoneAttribute ? 'requiredOrNone' : 'required', { label: d.label });
  }
  const v = scalar(a);
  const stored = (value: string | null, valueJson: Record<string, unknown> | null = null, fileId: number | null = null) => ({
    ok: true as const,
    stored: { value, valueJson, isHasNoneValue: false, fileId },
  });
  switch (d.type) {
    case AttributeDataType.bool:
      return stored(v);
    case AttributeDataType.int:
      if (!INT.test(v)) return fail('integer');
      break;
    case AttributeDataType.float:
      if (!FLOAT.test(v)) return fail('float');
      break;
    case AttributeDataType.date:
      if (!isWireDate(v)) return fail('date');
      return stored(v);
    case AttributeDataType.phone:
      if (!PHONE_MASK.test(v)) return fail('phone');
      return stored(v);
    case AttributeDataType.pattern:
      if (!d.regex) return fail('pattern');
      break;
    case AttributeDataType.reference:
      if (!belongsToSource(d, [v], sources)) return fail('choice');
      return stored(v);
    case AttributeDataType.set: {
      const ids = setIds(v);
      if (!belongsToSource(d, ids, sources)) return fail('choice');
      if (d.min !== null && ids.length < d.min) return fail('setMin', { count: d.min });
      if (d.max !== null && ids.length > d.max) return fail('setMax', { count: d.max });
      return stored([...new Set(ids)].join(','));
    }
    case AttributeDataType.hierarchy:
      if (v.length > 200 || !belongsToSource(d, [v], sources)) return fail('choice');
      return stored(v);
    case AttributeDataType.file:
      return stored(null, null, a.fileId ?? null);
    case AttributeDataType.address: {
      const r = addressValue.safeParse(a.address ?? { addressName: v });
      if (!r.success) return fail('lengthMax', { count: 500 });
      return stored(r.data.addressName, { addressName: r.data.addressName });
    }
    case AttributeDataType.company: {
      const r = companyValue.safeParse(a.company);
      if (!r.success) return fail('company');
      const c = r.data;
      if (c.inn && !/^(\d{10}|\d{12})$/.test(c.inn)) return fail('inn');
      if (c.kpp && !/^\d{9}$/.test(c.kpp)) return fail('kpp');
      return stored(c.companyName, { ...c });
    }
    default:
      break;
  }
  // String, Text, Int, Float, Pattern: bounds (a number's value, a text's length) and the pattern
  if (isNumeric(d.type)) {
    const n = Number(v.replace(',', '.'));
    if (d.min !== null && n < d.min) return fail('numberMin', { value: d.min });
    if (d.max !== null && n > d.max) return fail('numberMax', { value: d.max });
    return stored(d.type === AttributeDataType.float ? String(n) : String(Math.trunc(n)));
  }
  if (isTextArea(d) && v.length > TEXT_AREA_MAX) return fail('lengthMax', { count: TEXT_AREA_MAX });
  if (d.min !== null && v.length < d.min) return fail('lengthMin', { count: d.min });
  if (d.max !== null && v.length > d.max) return fail('lengthMax', { count: d.max });
  if (!isTextArea(d) && v.length > 2000) return fail('lengthMax', { count: 2000 });
  if (d.regex && !matchesPattern(d.regex, v)) return fail('pattern');
  return stored(v);
}

/**
 * The zod schema of one attribute's answer as asked (the wire shape plus the attribute's rules):
 * its issues carry the `attributes.*` key as message and the vars in `params`.
 */
export function attributeAnswerSchema(d: AttributeDefinition, requirement: Requirement, sources: AttributeSources = {}) {
  return attributeAnswer.superRefine((a, ctx) => {
    const r = checkAttributeAnswer(d, requirement, a, sources);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.problem.key, params: r.problem.vars ?? {} });
  });
}

/** The problem of a zod issue raised by `attributeAnswerSchema`. */
export function problemOf(error: z.ZodError): AttributeProblem {
  const issue = error.issues[0];
  if (issue?.code === 'custom') return { key: issue.message, vars: (issue as { params?: Record<string, string | number> }).params };
  return problem('invalid');
}
