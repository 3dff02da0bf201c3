import type { AttributeFormItem, Requirement } from '../../../../shared/attributes';

/**
 * What a question slide carries (server/modules/slides/preview.ts — never the correct
 * answers) and the saved answer (the value the save call stored, see
 * server/modules/study/answers.ts), read defensively from the page's untyped fields.
 */
export interface Choice { id: number; text: string }

export interface ChoiceQuestion { id: number; label: string; text: string | null; choiceMode: number; options: Choice[] }
export interface FreeQuestion { id: number; label: string; text: string | null; inputType: number; min: number | null; max: number | null }
export interface MatchingQuestion { id: number; label: string; text: string | null; targets: Choice[]; options: Choice[] }
export interface SequenceQuestion { id: number; label: string; text: string | null; items: Choice[] }
export interface CodeQuestion { id: number; label: string; text: string | null; starterCode: string | null; language: string }

export interface FileContent { html: string; maxFiles: number | null; allowedExtensions: string[]; maxFileSizeMb: number | null }
export interface AttributesContent { html: string; attributes: AttributeFormItem[] }

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** The bank question of a question slide (`content.question`), or null when the slide has none. */
export function questionOf<T>(content: Record<string, unknown>): T | null {
  const q = content.question;
  return q && typeof q === 'object' ? (q as T) : null;
}

export const savedOptionIds = (answer: unknown) => numbers(obj(answer).optionIds);
export const savedItemIds = (answer: unknown) => numbers(obj(answer).itemIds);

export function savedFreeValue(answer: unknown): string {
  const v = obj(answer).value;
  return v === undefined || v === null ? '' : String(v);
}

export function savedPairs(answer: unknown): Map<number, number | null> {
  const pairs = obj(answer).pairs;
  const out = new Map<number, number | null>();
  if (Array.isArray(pairs)) for (const p of pairs) if (typeof obj(p).optionId === 'number') out.set(obj(p).optionId as number, typeof obj(p).targetId === 'number' ? (obj(p).targetId as number) : null);
  return out;
}

export function savedCode(answer: unknown): { code: string; passed: number; total: number } | null {
  const a = obj(answer);
  return typeof a.code === 'string' ? { code: a.code, passed: Number(a.passed ?? 0), total: Number(a.total ?? 0) } : null;
}

export function savedFiles(answer: unknown): { id: number; name: string; size: number }[] {
  const list = obj(answer).files;
  return Array.isArray(list) ? list.map(obj).filter((f) => typeof f.id === 'number').map((f) => ({ id: f.id as number, name: String(f.name ?? ''), size: Number(f.size ?? 0) })) : [];
}

/** The saved answer of an attributes question: per attribute id a scalar or the structured answer. */
export function savedAttributeValues(answer: unknown): Record<string, unknown> {
  return obj(obj(answer).values);
}

export function fileContent(content: Record<string, unknown>): FileContent {
  return {
    html: typeof content.html === 'string' ? content.html : '',
    maxFiles: typeof content.maxFiles === 'number' && content.maxFiles > 0 ? content.maxFiles : null,
    allowedExtensions: Array.isArray(content.allowedExtensions) ? content.allowedExtensions.filter((e): e is string => typeof e === 'string') : [],
    maxFileSizeMb: typeof content.maxFileSizeMb === 'number' && content.maxFileSizeMb > 0 ? content.maxFileSizeMb : null,
  };
}

const REQUIREMENTS: Requirement[] = ['required', 'optional', 'readonly', 'hidden'];
const nullableNumber = (v: unknown) => (typeof v === 'number' ? v : null);
const nullableString = (v: unknown) => (typeof v === 'string' ? v : null);

/** The attributes question's form items (server/modules/attributes/question.ts), each field defaulted. */
export function attributesContent(content: Record<string, unknown>): AttributesContent {
  const list = Array.isArray(content.attributes) ? content.attributes.map(obj) : [];
  return {
    html: typeof content.html === 'string' ? content.html : '',
    attributes: list
      .filter((a) => typeof a.id === 'number')
      .map((a) => {
        const chain = obj(a.chain);
        return {
          id: a.id as number,
          type: Number(a.type),
          label: String(a.label ?? ''),
          name: String(a.name ?? ''),
          description: nullableString(a.description),
          required: a.required === true,
          readonly: a.readonly === true,
          regex: nullableString(a.regex),
          min: nullableNumber(a.min),
          max: nullableNumber(a.max),
          options: Array.isArray(a.options) ? a.options.map(obj).map((o) => ({ id: o.id as number | string, label: String(o.label ?? '') })) : [],
          isTextArea: a.isTextArea === true,
          isHasNoneAttribute: a.isHasNoneAttribute === true,
          categoryId: nullableNumber(a.categoryId),
          attributeGroupId: nullableNumber(a.attributeGroupId),
          dictionaryId: nullableString(a.dictionaryId),
          hierarchyId: nullableString(a.hierarchyId),
          chain: typeof chain.triggerValue === 'string' && Array.isArray(chain.results) ? { triggerValue: chain.triggerValue, results: chain.results as never } : null,
          requirement: REQUIREMENTS.includes(a.requirement as Requirement) ? (a.requirement as Requirement) : a.required === true ? 'required' : 'optional',
          answer: null,
        };
      }),
  };
}
