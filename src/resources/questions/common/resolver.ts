import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueMessage } from '../../factory/zodFormResolver';

/**
 * The resources kit's zod resolver, plus the question banks' own rule messages: a custom
 * issue whose message is `questions.<rule>` shows `resources.questions.validation.<rule>`.
 */
export function questionResolver(schema: z.ZodType): Resolver<FieldValues> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      if (!path.length) continue;
      let node = errors;
      for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
      const last = path[path.length - 1];
      if (node[last]) continue;
      const value = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined), values);
      const own = issue.code === 'custom' && typeof issue.message === 'string' && issue.message.startsWith('questions.');
      const message = own
        ? `resources.questions.validation.${issue.message.slice('questions.'.length)}`
        : issue.code === 'custom' && issue.message === 'validation.required'
          ? 'ra.validation.required'
          : issueMessage(issue as never, value);
      node[last] = { type: issue.code, message };
    }
    return { values: {}, errors: errors as FieldErrors };
  };
}
