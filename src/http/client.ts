import { fillPath, type CallArgs, type CallSpec, type ResponseOf } from '../../shared/http/call';
import { createHttpClient, type HttpClient } from './fetchJson';
import { sendWithIdempotencyKey } from './idempotency';

/**
 * The one typed HTTP client: a call declaration (shared/calls) and its arguments in, the
 * declared answer out; a failure rejects with the spec's error (src/http/errors.ts).
 */

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

/**
 * callApi over a given HTTP client (e.g. one made with an injected fetch:
 * `callWith(createHttpClient(fetch))`).
 */
export function callWith(http: HttpClient) {
  /** Makes the call; resolves with its answer: the JSON, the text of an answer that is not JSON (e.g. sign-out's), undefined for an empty one. */
  return async function callOne<C extends CallSpec>(call: C, ...[args]: Rest<C>): Promise<ResponseOf<C>> {
    const a = (args ?? {}) as CallArgs<C>;
    const body = a.body === undefined ? undefined : a.body instanceof FormData || a.body instanceof Blob || typeof a.body === 'string' ? (a.body as BodyInit) : JSON.stringify(a.body);
    const url = callUrl(call, a as never);
    // a resendable write: the same key on each send until it has a definite answer (./idempotency.ts)
    const res = call.idempotent
      ? await sendWithIdempotencyKey(call.method, url, body, (headers) => http(url, { method: call.method, body, headers }))
      : await http(url, { method: call.method, body });
    return (res.json !== undefined || res.body === '' ? res.json : res.body) as ResponseOf<C>;
  };
}

/** Makes the call through the app's HTTP client. */
export const callApi = callWith(createHttpClient());
