import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_PATHS } from '../../shared/account.js';
import { isContentRequest } from '../content/host.js';

/** Set on a host redirect; a request that comes back with it is served where it is (no loop). */
export const HOST_REDIRECT_COOKIE = 'elp_host_redirect';
const GUARD_SECONDS = 60;

/** Prefixes that are never page navigations of the app (the sign-in start is the one /api exception). */
const NOT_PAGES = ['/api/', '/oidc', '/hubs', '/files'];

/** A browser loading a page (not fetch/XHR, not a test's light inject without headers). */
function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return String(request.headers.accept ?? '').includes('text/html');
}

function isAppPage(path: string): boolean {
  const p = path.toLowerCase();
  if (p === AUTH_PATHS.login.toLowerCase()) return true;
  return p !== '/api' && !NOT_PAGES.some((prefix) => p.startsWith(prefix));
}

/** `host` as a URL of the public scheme would spell it (default port dropped, lower case); null when it is no host. */
function normalHost(host: string, protocol: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/**
 * Sign-in only works at PUBLIC_URL: the provider's redirect_uri and the sign-in cookies
 * belong to that host. A page opened at another name of the server (127.0.0.1 for
 * localhost, an internal host name) is sent to the same path at PUBLIC_URL before
 * sign-in starts. Only page navigations and the sign-in start are redirected, never
 * API calls. The request's host is Host, or X-Forwarded-Host from a TRUST_PROXY proxy.
 *
 * A proxy that passes its upstream's address as Host (nginx without
 * `proxy_set_header Host $host`) would make every page look foreign; the guard cookie
 * turns that loop into one extra redirect per minute and a warning in the log.
 */
export function addPublicHostRedirect(app: FastifyInstance): void {
  const target = new URL(app.config.publicUrl);
  const publicHost = target.host;
  let warned = false;

  // a callback hook, not an async one: it runs on every request, and is a no-op for all but page loads
  app.addHook('onRequest', (request, reply, done) => {
    // the content origin (SCORM packages) is another host on purpose
    if (!isPageNavigation(request) || isContentRequest(request, app.config)) return done();
    const path = request.url.split('?')[0];
    if (!isAppPage(path)) return done();
    const host = normalHost(request.host, target.protocol);
    if (host === null || host === publicHost) return done();
    if (request.cookies[HOST_REDIRECT_COOKIE]) {
      if (!warned) {
        warned = true;
        request.log.warn(
          { host: request.host, publicUrl: app.config.publicUrl },
          'a redirect to PUBLIC_URL came back with another Host: check PUBLIC_URL and that the proxy passes the Host the browser used',
        );
      }
      return done();
    }
    reply.setCookie(HOST_REDIRECT_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: GUARD_SECONDS });
    // an answer sent from a callback hook ends the request here (done is not called)
    reply.header('cache-control', 'no-store').redirect(`${app.config.publicUrl}${request.url}`, 302);
  });
}
