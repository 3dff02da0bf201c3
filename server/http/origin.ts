import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.js';
import './messages.js';

/**
 * CSRF defence that does not rest on SameSite alone: a state-changing call (POST, PUT, PATCH,
 * DELETE under /api and /hubs, and every hub WebSocket upgrade) must come from one of the
 * app's own origins. Browsers send `Origin` on every cross-origin POST and WebSocket
 * handshake (and on same-origin POSTs too); where it is missing, `Sec-Fetch-Site` tells.
 *
 * The app's own origins: PUBLIC_URL's, and the origin the request was addressed to (its
 * Host or X-Forwarded-Host, with its scheme). The second covers `npm run dev` (Vite's proxy
 * keeps the browser's Host) and a server reached by another name (127.0.0.1 for localhost).
 * A page cannot forge these headers: a cross-origin request carrying X-Forwarded-* needs a
 * CORS preflight, which this server never grants.
 *
 * A request with neither Origin nor Sec-Fetch-Site is not from a browser (curl, another
 * server, the in-process tests): it is let through. Such a client holds its own cookie if
 * any; it cannot ride a victim's, which only the victim's browser would attach.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route another site's page posts to by design and that trusts the request by its own proof,
     * never by the cookie (the LTI deep linking return: a JWT signed by the tool): no origin check.
     */
    crossSite?: true;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site values of requests the user's own pages (or the address bar) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

/** The origins this request may come from. */
export function ownOrigins(publicUrl: string, headers: IncomingHttpHeaders, encrypted: boolean): Set<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  const scheme = first(headers['x-forwarded-proto']) ?? (encrypted ? 'https' : 'http');
  for (const host of [first(headers['x-forwarded-host']), first(headers.host)]) {
    if (!host) continue;
    try {
      origins.add(new URL(`${scheme}://${host}`).origin);
    } catch {
      // a malformed Host names no origin
    }
  }
  return origins;
}

/** True when a browser sent this request from a page that is not one of ours. */
export function isForeignBrowserRequest(headers: IncomingHttpHeaders, own: ReadonlySet<string>): boolean {
  const origin = first(headers.origin);
  if (origin !== undefined) {
    // "null" (sandboxed frames, file: pages, cross-origin redirects) is foreign too
    try {
      return !own.has(new URL(origin).origin);
    } catch {
      return true;
    }
  }
  const site = first(headers['sec-fetch-site']);
  return site !== undefined && !OWN_FETCH_SITES.has(site.toLowerCase());
}

/** The check for a raw Node request (hub upgrades happen outside Fastify's routing). */
export function isForeignRequest(publicUrl: string, req: IncomingMessage): boolean {
  return isForeignBrowserRequest(req.headers, ownOrigins(publicUrl, req.headers, !!(req.socket as TLSSocket).encrypted));
}

const guardedPath = (url: string) => {
  const path = url.toLowerCase();
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?') || path.startsWith('/hubs/');
};

export const crossOriginRefused = () => forbidden('CrossOriginRequest', { title: 'error.forbidden', description: 'http.crossOrigin' });

/** The onRequest hook of a state-changing route: 403 for a call from another site's page. */
const originCheck = (publicUrl: string) =>
  function checkOrigin(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    // a route may take several methods (tus: POST and OPTIONS); reads pass
    if (!UNSAFE_METHODS.has(request.method)) return done();
    done(isForeignRequest(publicUrl, request.raw) ? crossOriginRefused() : undefined);
  };

/**
 * The check sits on the routes it protects — those taking a state-changing method under /api
 * and /hubs, known when each route is added — first of their own hooks (before the permission
 * guards), instead of running on every request: reads, pages and files skip it. A path that
 * matches no route changes nothing (404). Call this after the hook that installs the guards,
 * so that this one stays in front of them.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const checkOrigin = originCheck(app.config.publicUrl);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => UNSAFE_METHODS.has(m)) || !guardedPath(route.url) || route.config?.crossSite) return;
    route.onRequest = [checkOrigin, ...[route.onRequest ?? []].flat()];
  });
}
