/**
 * The service worker's runtime caches (src/offline/sw.ts): a signed-in student's data, so signing
 * out deletes them (src/offline/signOut.ts).
 */
export const ATTEMPT_CACHE = 'elp-attempt-steps';
export const API_CACHE = 'elp-api-reads';
export const MEDIA_CACHE = 'elp-attempt-media';
export const RUNTIME_CACHES = [ATTEMPT_CACHE, API_CACHE, MEDIA_CACHE];

/** The cache address of a step's load: its exercise's address and the step (null: a body without a step). */
export function stepCacheKey(url: string, body: string): string | null {
  try {
    const { slideId } = JSON.parse(body) as { slideId?: unknown };
    if (typeof slideId !== 'string' && typeof slideId !== 'number') return null;
    return `${url}?step=${encodeURIComponent(String(slideId))}`;
  } catch {
    return null;
  }
}

/** Set by the service worker on an answer it took from a cache: no contact with the server (src/http/serverContact.ts). */
export const FROM_CACHE_HEADER = 'x-elp-from-cache';
