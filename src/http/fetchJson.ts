import { toHttpError } from './errors';
import { noteServerContact } from './serverContact';
import { FROM_CACHE_HEADER } from '../offline/cacheNames';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export type HttpClient = (url: string, options?: RequestInit) => Promise<HttpResponse>;

/**
 * fetch for the app's own API (spec 3 §7: credentials included, JSON or text accepted),
 * shaped like react-admin's fetchUtils.fetchJson so ra-data-simple-rest can use it too.
 * Failures reject with an HttpError carrying the spec error body (see toHttpError).
 */
export function createHttpClient(fetchImpl: typeof fetch = (...args) => fetch(...args)): HttpClient {
  return async (url, options = {}) => {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json, text/plain');
    const hasBody = options.body != null && !(options.body instanceof FormData);
    if (hasBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    const response = await fetchImpl(url, { credentials: 'include', ...options, headers });
    // an answer from the cache (the offline exam's service worker) is no contact with the server
    if (!response.headers.has(FROM_CACHE_HEADER)) noteServerContact(response.headers.get('date'));
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status < 200 || response.status >= 300) throw toHttpError(response.status, response.statusText, json);
    return { status: response.status, headers: response.headers, body: text, json };
  };
}
