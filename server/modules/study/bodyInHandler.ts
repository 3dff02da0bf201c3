import type { CallSpec } from '../../../shared/http/call.js';

/**
 * A call whose handler checks the body itself, with the declaration's own schema: after the
 * call's 404s (course, exercise, slide — a malformed answer to a slide that is not there is
 * still 404), with the call's own 400 title, or beside a multipart upload. Registered without
 * the body schema, so nothing answers 400 before the handler runs.
 */
export function bodyInHandler<C extends CallSpec>(call: C): Omit<C, 'body'> {
  const { body: _checkedByTheHandler, ...rest } = call;
  return rest;
}
