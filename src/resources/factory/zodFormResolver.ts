import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a declared zod schema. Issues become react-admin's
 * translated validation messages (`ra.validation.*`, with arguments in react-admin's
 * special format), chosen by issue code, so the schemas carry no UI text.
 */
const RA_FORMAT = '@@react-admin@@';
const withArgs = (message: string, args: Record<string, unknown>) => `${RA_FORMAT}${JSON.stringify({ message, args })}`;

interface Issue {
  code: string;
  message?: string;
  path: PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  format?: string;
}

function valueAt(values: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), values);
}

/** The react-admin message of one zod issue. */
export function issueMessage(issue: Issue, value: unknown): string {
  const blank = value === undefined || value === null || value === '';
  switch (issue.code) {
    case 'invalid_type':
      if (blank) return 'ra.validation.required';
      return issue.expected === 'number' ? 'ra.validation.number' : 'resourceKit.invalid';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'ra.validation.required' : withArgs('ra.validation.minLength', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array' && Number(issue.minimum) <= 1) return 'ra.validation.required';
      return withArgs('ra.validation.minValue', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return withArgs('ra.validation.maxLength', { max: Number(issue.maximum) });
      return withArgs('ra.validation.maxValue', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? 'ra.validation.email' : 'resourceKit.invalid';
    case 'invalid_value':
      return 'ra.validation.oneOf';
    default:
      return 'resourceKit.invalid';
  }
}

export interface FormResolverOptions {
  /** what the schema checks, from the form's values (e.g. lines typed in one box → the API's list) */
  transform?: (values: FieldValues) => unknown;
  /** the text key of a schema's own rule (a custom issue whose message is a key, e.g. `questions.minAboveMax`) */
  customMessage?: (key: string) => string | undefined;
  /** the form field an issue of the checked values shows at (default: the issue's path) */
  fieldOf?: (path: string[]) => string[];
}

/** Shared rules' messages (shared/*.ts) and their texts on the page. */
const SHARED_MESSAGES: Record<string, string> = {
  'validation.required': 'ra.validation.required',
  'validation.dayFormat': 'resourceKit.dayFormat',
  'validation.noSuchDay': 'resourceKit.noSuchDay',
};

/** The text key of a custom rule's message: the area's own, or a shared validation key. */
function customIssueMessage(message: string | undefined, options: FormResolverOptions): string | undefined {
  if (!message) return undefined;
  return options.customMessage?.(message) ?? SHARED_MESSAGES[message];
}

export function zodFormResolver(schema: z.ZodType, options: FormResolverOptions = {}): Resolver<FieldValues> {
  return async (values) => {
    const checked = options.transform ? options.transform(values) : values;
    const result = schema.safeParse(checked);
    // keep the form's own values (the record's id and read-only fields go on to the dataProvider)
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues as unknown as Issue[]) {
      const path = options.fieldOf ? options.fieldOf(issue.path.map(String)) : issue.path.map(String);
      if (!path.length) continue;
      let node = errors;
      for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
      const last = path[path.length - 1];
      const custom = issue.code === 'custom' ? customIssueMessage(issue.message, options) : undefined;
      if (!node[last]) node[last] = { type: issue.code, message: custom ?? issueMessage(issue, valueAt(checked, issue.path)) };
    }
    return { values: {}, errors: errors as FieldErrors };
  };
}
