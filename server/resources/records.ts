import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResourceDeclaration } from '../../shared/resources/define.js';
import { isBlankHtml, richTextFields } from '../../shared/resources/index.js';
import { requestLang, validationError, zodFieldErrors } from '../errors.js';
import { translate } from '../i18n/messages.js';
import { sanitizeRichText } from '../richtext/index.js';

/**
 * Helpers shared by the generated CRUD routes and hand-written modules that serve a
 * declared resource at the spec's paths (e.g. server/modules/news).
 */

const INT4_MAX = 2_147_483_647;

/** A record id from a path parameter: a positive int4, or null (the caller answers 404). */
export function parseIntId(raw: string | number | undefined): number | null {
  const s = String(raw ?? '');
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= INT4_MAX ? n : null;
}

/** A database row → the declared record: only the record's fields, dates as ISO strings. */
export function toRecord<R>(decl: ResourceDeclaration, row: Record<string, unknown>): R {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(decl.schema.record.shape)) {
    const v = row[key];
    out[key] = v instanceof Date ? v.toISOString() : v;
  }
  return out as R;
}

/**
 * Cleans the declared rich-text fields of validated input, then checks the input again:
 * content that was nothing but a script is empty afterwards and answers 400 like a
 * missing value.
 */
export function sanitizeInput<T extends Record<string, unknown>>(
  decl: ResourceDeclaration,
  input: T,
  schema: ResourceDeclaration['schema']['create'],
  request: FastifyRequest,
): T {
  const out: Record<string, unknown> = { ...input };
  const blank: Record<string, string> = {};
  for (const f of richTextFields(decl)) {
    if (typeof out[f] !== 'string') continue;
    out[f] = sanitizeRichText(out[f] as string);
    const required = !(schema.shape[f] as z.ZodType | undefined)?.safeParse('').success;
    if (required && isBlankHtml(out[f] as string)) blank[f] = translate(requestLang(request), 'validation.required');
  }
  const again = schema.safeParse(out);
  if (!again.success) throw validationError({ ...zodFieldErrors(again.error, requestLang(request)), ...blank });
  if (Object.keys(blank).length) throw validationError(blank);
  return again.data as T;
}
