import { useQuery, type QueryKey } from '@tanstack/react-query';
import { createHttpClient } from '../../http/fetchJson';
import { fillPath, type Identifier } from '../../../shared/resources/define';

/**
 * The calls of the course, course-group and task-queue screens (spec 3 §7.9–7.10) as small
 * helpers and react-query hooks. Paths come from shared/courses.ts, courseGroups.ts and
 * tasks.ts, the tables the server uses.
 */
const http = createHttpClient();

type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

/** A path with its `{params}` filled and a query string (arrays repeat the key; empty values are left out). */
export function apiPath(path: string, params: Record<string, Identifier> = {}, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else search.append(k, String(v));
  }
  const qs = search.toString();
  return fillPath(path, params) + (qs ? `?${qs}` : '');
}

export async function apiGet<T>(path: string): Promise<T> {
  return (await http(path)).json as T;
}

export async function apiSend<T>(method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await http(path, { method, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body) });
  return res.json as T;
}

/** No retries for answers the server meant (4xx); a couple for the rest. */
export const noRetryOn4xx = (count: number, error: unknown) => count < 2 && !((error as { status?: number }).status! >= 400);

export function useApiQuery<T>(key: QueryKey, path: string | null, options: { refetchInterval?: number | false } = {}) {
  return useQuery<T>({ queryKey: key, queryFn: () => apiGet<T>(path!), enabled: path !== null, retry: noRetryOn4xx, ...options });
}

/** The spec error of a failed call: status, ErrorCode, texts and field errors. */
export interface ApiError {
  status?: number;
  message?: string;
  body?: { ErrorCode?: string; Title?: string; Description?: string; ErrorCodeMessage?: string; errors?: Record<string, string> } | null;
}
export const asApiError = (e: unknown) => (e ?? {}) as ApiError;

/** The most specific text of a failure (the Description names what is wrong). */
export const errorText = (e: unknown) => {
  const err = asApiError(e);
  return err.body?.ErrorCodeMessage || err.body?.Description || err.body?.Title || err.message || '';
};

/** Server field keys to form field names: `Label` → `label`, `$.items[0].Name` → `items.0.name` (spec 3 §8.7). */
export function normaliseKeys(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
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

/** An ISO date-time → the calendar day the server meant (dates are stored at UTC day edges). */
export const toDay = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** A date for people: DD.MM.YYYY (spec 2 §9), from the UTC day. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** DD.MM.YYYY HH:mm in local time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Debounced value (search: 500 ms, spec 3 §9). */
export { useDebounced } from './useDebounced';
