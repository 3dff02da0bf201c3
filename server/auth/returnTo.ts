import { z } from 'zod';

/**
 * A place to return to after sign-in: a path on this site only ("/x?y#z").
 * Absolute URLs, protocol-relative "//host", backslashes (browsers read "/\host"
 * as another host) and control characters are refused: no open redirect.
 */
export function isSafeReturnPath(value: string): boolean {
  if (value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const base = 'http://elp.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

export const returnPathSchema = z.string().refine(isSafeReturnPath, { message: 'auth.invalidReturnUrl' });
