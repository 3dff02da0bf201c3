import type { OutgoingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's headers (CSP, HSTS, frame and referrer policies, …) on every answer. @fastify/helmet
 * rebuilds helmet's middleware on every request — parsing the CSP directives each time, about a
 * tenth of a light call's cost — although our options never change and name no per-request part
 * (no nonces, no per-route options). So the plugin runs once, at start, on a throwaway instance,
 * and each request gets the headers it set. A route changes them as before (the content origin
 * replaces CSP and drops X-Frame-Options).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, NonNullable<OutgoingHttpHeaders[string]>][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: OutgoingHttpHeaders = {};
  // at the handler helmet has written its headers onto the raw answer, Fastify none of its own yet
  probe.get('/', async (_request, reply) => void (headers = reply.raw.getHeaders()));
  await probe.inject('/');
  await probe.close();
  return Object.entries(headers).filter((e): e is [string, NonNullable<OutgoingHttpHeaders[string]>] => e[1] !== undefined);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the route's headersAtSend, read once when the request arrives */
    [HEADERS_AT_SEND]: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route answers through reply.send, never raw (hijacked): its security headers are chosen at
     * send time by what it sends (server/http/route.ts sets it for every call declaration).
     */
    headersAtSend?: boolean;
  }
}

/** The headers that matter on a JSON answer (the OWASP REST security list); the rest of helmet's concern documents. */
const DATA_HEADER_NAMES = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy', 'referrer-policy'];
/** A JSON answer loads nothing and is framed by no other site; opened as a page it runs nothing. */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'self'";

const HEADERS_AT_SEND = Symbol('headersAtSend');

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Two sets. Pages, files and anything a route may write raw (the identity provider, tus) get all
 * of helmet's headers, set when the request arrives. A declared call's JSON answer — most requests,
 * and a light call's largest cost: fourteen headers, 1.2 KB, set and written on each — gets the
 * ones that mean something for data: HSTS, nosniff, frame and resource policies, referrer policy
 * and a CSP of `default-src 'none'`, stricter than the pages'. The ones left out act on documents
 * only or on browsers long gone (COOP, Origin-Agent-Cluster, DNS prefetch, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection). A declared call that sends a file or a page
 * gets the full set. A header the route set itself is kept; a route with its own CSP owns its
 * framing rule (no X-Frame-Options added).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const pageHeaders = await helmetHeaders(options);
  if (!pageHeaders.length) throw new Error('helmet set no header: the security headers would be missing');
  const dataHeaders: typeof pageHeaders = [
    ['content-security-policy', DATA_POLICY],
    ...pageHeaders.filter(([name]) => DATA_HEADER_NAMES.includes(name)),
  ];
  const dataHeaderValues: Record<string, string | number | string[]> = Object.fromEntries(dataHeaders);
  app.decorateRequest(HEADERS_AT_SEND, false);
  // when the request arrives: the data set for a declared call (its answer is JSON but for a few
  // downloads), helmet's for everything else
  app.addHook('onRequest', (request, reply, done) => {
    const atSend = request.routeOptions.config?.headersAtSend === true;
    request[HEADERS_AT_SEND] = atSend;
    // a declared call's set goes with Fastify's own headers: written once by writeHead, where
    // headers already set on the raw answer make Node validate and copy every header again
    if (atSend) reply.headers(dataHeaderValues);
    else for (const [name, value] of pageHeaders) reply.raw.setHeader(name, value);
    done();
  });
  // a declared call that sends something else than JSON (a file, a page) gets helmet's set in place
  // of the data set; a header the route set itself to another value still wins
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request[HEADERS_AT_SEND] && !isJson(reply.getHeader('content-type'))) {
      for (const [name, value] of pageHeaders) {
        const current = reply.getHeader(name);
        if (current === undefined || current === dataHeaderValues[name]) reply.header(name, value);
      }
    }
    done(null, payload);
  });
}
