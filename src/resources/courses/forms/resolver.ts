import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodFormResolver } from '../../factory/zodFormResolver';

/** Server message keys of custom checks → the screen's texts. */
const CUSTOM: Record<string, string> = {
  'validation.dateRange': 'resources.courses.messages.dateRange',
  'validation.invalidEmail': 'ra.validation.email',
  'validation.invalid': 'resourceKit.invalid',
  'validation.required': 'ra.validation.required',
};

/**
 * The kit's zod resolver, plus the course forms' own checks: a date range with its start
 * after its end reads 'Неверно задан диапазон дат' (spec 2 §6) instead of a generic text.
 */
export function courseFormResolver(schema: z.ZodType): Resolver<FieldValues> {
  const base = zodFormResolver(schema);
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const parsed = schema.safeParse(values);
    if (parsed.success) return result;
    const errors = result.errors as Record<string, { type: string; message: string }>;
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      const text = CUSTOM[issue.message];
      if (text && issue.path.length === 1 && (issue.code === 'custom' || !errors[key])) errors[key] = { type: issue.code, message: text };
    }
    return { values: {}, errors: errors as FieldErrors };
  };
}
