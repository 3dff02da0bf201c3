import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLang, validationError } from '../errors.js';
import { translate } from '../i18n/messages.js';
import './messages.js';

/**
 * No text may hold a NUL character: PostgreSQL cannot store one in a text column, so it
 * used to surface as a 500 from whichever route wrote or searched it. Every request's
 * params, query and parsed body are scanned once, before validation, and a NUL anywhere (in
 * a value or a key) answers 400 with the field named. Multipart text fields, which handlers
 * read themselves as the stream arrives, are checked as they are read. Hub invocations use
 * `findNulByte` too.
 */
const NUL = '\u0000';

/** The dotted path of the first string (value or key) holding a NUL, '' for the root; null when none does. */
export function findNulByte(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return typeof value === 'string' && value.includes(NUL) ? '' : null;
  // most requests have no params, query or body: nothing to walk
  if (isEmpty(value)) return null;
  // iterative: a deeply nested body must not overflow the stack
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const seen = new Set<object>();
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (v !== null && typeof v === 'object' && !seen.has(v) && !Buffer.isBuffer(v)) {
      seen.add(v);
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return at.replaceAll(NUL, '');
        stack.push({ value: child, path: at });
      }
    }
  }
  return null;
}

function isEmpty(value: object): boolean {
  for (const _ in value) return false;
  return Array.isArray(value) ? value.length === 0 : true;
}

const nulByteError = (request: FastifyRequest, field: string) => validationError({ [field]: translate(requestLang(request), 'validation.nulByte') });

type Parts = FastifyRequest['parts'];

/** `request.parts()` of @fastify/multipart, refusing a text field (name or value) that holds a NUL. */
function checkedParts(request: FastifyRequest, parts: Parts): Parts {
  return async function* (...args: Parameters<Parts>) {
    for await (const part of parts.apply(request, args)) {
      if (part.type === 'field') {
        const at = findNulByte({ [part.fieldname]: part.value });
        if (at !== null) throw nulByteError(request, at);
      }
      yield part;
    }
  } as Parts;
}

export function registerNulByteCheck(app: FastifyInstance): void {
  // a callback hook, not an async one: no promise on every request
  app.addHook('preValidation', (request, _reply, done) => {
    let at: string | null;
    if ((at = findNulByte(request.params)) !== null) return done(nulByteError(request, at || 'params'));
    if ((at = findNulByte(request.query)) !== null) return done(nulByteError(request, at || 'query'));
    if ((at = findNulByte(request.body)) !== null) return done(nulByteError(request, at || 'body'));
    // multipart is parsed in the handler, part by part (only in scopes that register it)
    if (typeof request.parts === 'function' && request.isMultipart()) request.parts = checkedParts(request, request.parts);
    done();
  });
}
