import { afterEach, vi } from 'vitest';

/** What a stubbed server answers: a status (200) and a JSON body (none when undefined). */
export type Answer = { status?: number; json?: unknown };

/** Replaces `fetch` with `route`'s answers for the test (undone after each test); returns the spy. */
export function mockFetch(route: (url: string, init?: RequestInit) => Answer) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status = 200, json } = route(String(input), init);
    return new Response(json === undefined ? '' : JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());
