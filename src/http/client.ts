import { fillPath, type CallArgs, type CallSpec, type ResponseOf } from '../../shared/http/call';
import { createHttpClient } from './fetchJson';

/**
 * The one typed HTTP client: a call declaration (shared/calls) and its arguments in, the
 * declared answer out; a failure rejects with the spec's error (src/http/errors.ts).
 */
const http = createHttpClient();

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number> | Record<string, unknown>;

/** `?a=1&b=x`: arrays repeat the key, objects travel as JSON, empty values are left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

/** The address of a call with its arguments (for links, downloads and images too). */
export function callUrl<C extends CallSpec>(call: C, args: Pick<CallArgs<C>, 'params' | 'query'> = {} as never): string {
  return fillPath(call.path, (args.params ?? {}) as Record<string, string | number>) + queryString(args.query as Record<string, QueryValue> | undefined);
}

type Rest<C extends CallSpec> = object extends CallArgs<C> ? [args?: CallArgs<C>] : [args: CallArgs<C>];

/** Makes the call; resolves with its answer (undefined for an empty one). */
export async function callApi<C extends CallSpec>(call: C, ...[args]: Rest<C>): Promise<ResponseOf<C>> {
  const a = (args ?? {}) as CallArgs<C>;
  const body = a.body === undefined ? undefined : a.body instanceof FormData || a.body instanceof Blob || typeof a.body === 'string' ? (a.body as BodyInit) : JSON.stringify(a.body);
  const res = await http(callUrl(call, a as never), { method: call.method, body });
  return res.json as ResponseOf<C>;
}
