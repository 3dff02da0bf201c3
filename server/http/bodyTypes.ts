import { parse as parseForm } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import './messages.js';

/** Body types a route may take besides JSON (multipart and tus bring their own parsers, in their own scopes). */
export type OptInBodyType = 'text/plain' | 'application/x-www-form-urlencoded';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body types this route takes besides JSON, e.g. `['text/plain']` for the SCORM runtime's
     * commits (navigator.sendBeacon sends a string as text/plain; the body is still read as
     * JSON and validated by the route's schema). Without it a text/plain or url-encoded body answers 415.
     */
    bodyTypes?: readonly OptInBodyType[];
  }
}

export const unsupportedBody = () => new AppError(415, 'UnsupportedMediaType', { title: 'error.unsupportedMediaType', description: 'http.bodyType' });

const optedIn = (request: FastifyRequest, type: OptInBodyType) => request.routeOptions.config?.bodyTypes?.includes(type) ?? false;

/** The embedded identity provider's own pages (its login form posts url-encoded; CSRF-protected by the provider). */
const isProviderRoute = (request: FastifyRequest) => (request.routeOptions.url ?? '').toLowerCase().startsWith('/oidc');

/**
 * API bodies are JSON. The two body types a cross-origin HTML form can send without a CORS
 * preflight besides multipart — text/plain and url-encoded — are parsed only for the routes
 * that declare them (`config.bodyTypes`) and, for url-encoded, the identity provider's pages;
 * anywhere else they answer 415 in the spec's error shape. Multipart is parsed only in the
 * scopes of the modules that register @fastify/multipart, tus bodies only on the tus routes;
 * any other type has no parser and Fastify answers 415 (same shape, through errors.ts).
 */
export function registerBodyTypes(app: FastifyInstance): void {
  // the same JSON reading as application/json (prototype poisoning refused, bad JSON 400 InvalidJson)
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (!optedIn(request, 'text/plain')) return done(unsupportedBody(), undefined);
    json(request, body as string, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (!optedIn(request, 'application/x-www-form-urlencoded') && !isProviderRoute(request)) return done(unsupportedBody(), undefined);
    done(null, parseForm(body as string));
  });
}
