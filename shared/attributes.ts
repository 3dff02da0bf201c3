import { AttributeDataType } from './enums';

/** What a value of a profile attribute is checked against. */
export interface AttributeRules {
  type: number;
  min: number | null;
  max: number | null;
  regex: string | null;
  options: readonly { id: number | string }[];
}

/**
 * What is wrong with one value of a profile attribute: missing, or not of its type, outside its
 * bounds (a number's value, a text's length) or its pattern; null when it is fine. The unfilled
 * mandatory fields form checks as the student types, the server again when they are saved.
 */
export function attributeValueProblem(a: AttributeRules, raw: string): 'required' | 'invalid' | null {
  const v = raw.trim();
  if (!v) return 'required';
  switch (a.type) {
    case AttributeDataType.int:
      if (!/^-?\d+$/.test(v)) return 'invalid';
      break;
    case AttributeDataType.float:
      if (!/^-?\d+([.,]\d+)?$/.test(v)) return 'invalid';
      break;
    case AttributeDataType.bool:
      if (v !== 'true' && v !== 'false') return 'invalid';
      break;
    case AttributeDataType.date:
      if (!/^\d{2}[-.]\d{2}[-.]\d{4}$|^\d{4}-\d{2}-\d{2}$/.test(v)) return 'invalid';
      break;
    case AttributeDataType.reference:
      if (a.options.length && !a.options.some((o) => String(o.id) === v)) return 'invalid';
      break;
    default:
      break;
  }
  const numeric = a.type === AttributeDataType.int || a.type === AttributeDataType.float;
  const size = numeric ? Number(v.replace(',', '.')) : v.length;
  if (a.min !== null && size < a.min) return 'invalid';
  if (a.max !== null && size > a.max) return 'invalid';
  if (a.regex) {
    try {
      if (!new RegExp(`^(?:${a.regex})$`).test(v)) return 'invalid';
    } catch {
      /* a broken pattern is the author's problem, not the student's */
    }
  }
  return null;
}
