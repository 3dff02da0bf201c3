import { HttpError } from 'ra-core';

/**
 * The spec's error shape on the client (spec 3 §8.1): every failed call rejects with react-admin's
 * HttpError whose body is `{ ErrorCode, Title, Description, Redirect?, ErrorCodeMessage?, errors? }`.
 * These read it; nothing else parses error bodies.
 */
export interface ErrorBody {
  ErrorCode?: string;
  Title?: string;
  Description?: string;
  ErrorCodeMessage?: string;
  Redirect?: string;
  /** field errors of a form: { field: message } */
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

/** A failed answer → HttpError: message = the Title (notifications), body whole, status for checkError (401). */
export function toHttpError(status: number, statusText: string, json: unknown): HttpError {
  const body = (json && typeof json === 'object' ? json : null) as { Title?: unknown; message?: unknown } | null;
  const message =
    (typeof body?.Title === 'string' && body.Title) || (typeof body?.message === 'string' && body.message) || statusText || `HTTP ${status}`;
  return new HttpError(message, status, body);
}

const bodyOf = (error: unknown): ErrorBody | null => ((error as { body?: ErrorBody | null } | null)?.body ?? null);

/** The error code of the spec (spec 3 §4): `<status>.<ErrorCode>`, or `<status>.Redirect`. */
export function errorCodeOf(error: unknown): string | undefined {
  const e = error as { status?: number } | null;
  if (!e?.status) return undefined;
  const body = bodyOf(error);
  if (body?.Redirect) return `${e.status}.Redirect`;
  return body?.ErrorCode != null ? `${e.status}.${String(body.ErrorCode)}` : String(e.status);
}

/** The server's most specific text of a failure (what is wrong), or undefined when it sent none. */
export function serverText(error: unknown): string | undefined {
  const b = bodyOf(error);
  const t = b?.ErrorCodeMessage || b?.Description || b?.Title;
  return typeof t === 'string' && t ? t : undefined;
}

/** Server field keys → form field names: `Label` → `label`, `$.items[0].Name` → `items.0.name` (spec 3 §8.7). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(bodyOf(error)?.errors ?? {})) {
    const key = k
      .replace(/^\$\.?/, '')
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map((p) => (p ? p[0].toLowerCase() + p.slice(1) : p))
      .join('.');
    out[key || 'root'] = v;
  }
  return out;
}
