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

export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  if (!headers.length) throw new Error('helmet set no header: the security headers would be missing');
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
