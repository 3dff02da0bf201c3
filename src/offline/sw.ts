/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { ATTEMPT_CACHE, API_CACHE, FROM_CACHE_HEADER, MEDIA_CACHE, stepCacheKey } from './cacheNames';

/**
 * The service worker of the offline exam (issue 31), registered when the player opens
 * (src/offline/register.ts). The player's code is precached (the build's list, cut to the
 * player's chunks by vite.config.ts); the attempt's data is cached as it is loaded or prefetched:
 * every answer comes from the network while there is one, the cache answers only without it.
 * Answers are never sent from here: the page's queue (src/offline/queue.ts) sends them in order.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * A kept answer says so (FROM_CACHE_HEADER): its Date is not a contact with the server, which the
 * page's clock claim must not take for one (src/http/fetchJson.ts).
 */
async function fromCache(kept: Response): Promise<Response> {
  const headers = new Headers(kept.headers);
  headers.set(FROM_CACHE_HEADER, '1');
  return new Response(await kept.blob(), { status: kept.status, statusText: kept.statusText, headers });
}
const markedFromCache = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => (cachedResponse ? fromCache(cachedResponse) : cachedResponse),
};

// a page address opened without a network: the app's page (the app's router draws the step)
const notApp = [/^\/api\//, /^\/oidc\//, /^\/files\//, /^\/hubs\//, /^\/scorm\//, /^\/swagger/];
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 10, plugins: [fallbackToApp()] }), { denylist: notApp }));

function fallbackToApp() {
  const app = createHandlerBoundToURL('/index.html');
  return {
    handlerDidError: async ({ request, event }: { request: Request; event: ExtendableEvent }) =>
      app({ request, event, url: new URL(request.url), params: undefined } as never),
  };
}

/**
 * A step's load (POST .../Pages): the Cache API keeps GETs only, so a step is kept under an
 * address of its own (the exercise and the step, whichever attempt the body names: after a reload
 * the player names none). Network first; without one, the step as it was last loaded.
 */
registerRoute(
  ({ url, request }) => request.method === 'POST' && /^\/api\/Trainings\/\d+\/Exercises\/\d+\/Pages$/i.test(url.pathname),
  async ({ request }) => {
    const body = await request.clone().text();
    const key = stepCacheKey(request.url, body);
    const cache = await caches.open(ATTEMPT_CACHE);
    try {
      const answer = await fetch(request);
      if (answer.ok && key) await cache.put(key, answer.clone());
      return answer;
    } catch (e) {
      const kept = key ? await cache.match(key) : undefined;
      if (kept) return fromCache(kept);
      throw e;
    }
  },
  'POST',
);

// the reads the app's shell makes (account, settings, the course's lessons) and the slides' media:
// from the network while there is one
const api = ({ url, request }: { url: URL; request: Request }) =>
  request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/') && !/^\/api\/(auth|files)\//i.test(url.pathname);
registerRoute(api, new NetworkFirst({ cacheName: API_CACHE, plugins: [markedFromCache, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 24 * 3600 })] }));
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/(api\/)?files\//i.test(url.pathname),
  new NetworkFirst({ cacheName: MEDIA_CACHE, plugins: [markedFromCache, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 24 * 3600 })] }),
);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
