import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { withAudit } from './audit.js';
import { claimIdempotencyKey } from './idempotency.js';
import { paramNames, routePath, type BodyOf, type CallSpec, type ParamsOf, type QueryOf, type ResponseOf, type WithDates } from '../../shared/http/call.js';

/** The request a handler of `C` receives: path, query and body as its schemas parse them. */
export type CallRequest<C extends CallSpec> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: BodyOf<C> }>;

/** What a handler returns: the declared answer; a `returns<T>()` answer may carry Dates for its strings (serialised as ISO). */
export type HandlerAnswer<C extends CallSpec> = C['response'] extends z.ZodType ? ResponseOf<C> : WithDates<ResponseOf<C>>;

export type CallHandler<C extends CallSpec> = (request: CallRequest<C>, reply: FastifyReply) => Promise<HandlerAnswer<C> | FastifyReply | void>;

/** What a route adds beside its declaration (body size, rate limit, extra hooks). */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & { config?: Omit<FastifyContextConfig, 'rule' | 'course'> };

const isZod = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v;

/** Each `{name}` of the path as a string of sane length (a handler parses ids itself: 404 for a malformed one). */
function defaultParams(path: string): z.ZodType | undefined {
  const names = paramNames(path);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string().max(500)]))) : undefined;
}

/**
 * Registers the route of a call declaration (shared/http/call.ts): its method and path, its
 * schemas for validation and OpenAPI, its rule (guarded before anything else) and its course
 * scope (checked before validation), and its entry in the audit journal when it changes something
 * (server/http/audit.ts). Everything a route is comes from the declaration; the handler is the
 * only thing written here.
 */
export function route<C extends CallSpec>(app: FastifyInstance, call: C, handler: CallHandler<C>, extras: RouteExtras = {}): void {
  const { config, ...rest } = extras;
  // a resendable write: the key's first answer is kept and replayed, after the guard and validation
  const idempotent = call.idempotent ? { preHandler: [...[rest.preHandler ?? []].flat(), claimIdempotencyKey] } : {};
  app.route({
    ...rest,
    ...idempotent,
    method: call.method,
    url: routePath(call.path),
    schema: {
      tags: [...call.tags],
      ...(call.summary ? { summary: call.summary } : {}),
      ...((call.params ?? defaultParams(call.path)) ? { params: call.params ?? defaultParams(call.path) } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      // OpenAPI only (fastify does not enforce it): a file upload's body is a form
      ...(call.bodyKind === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      ...(isZod(call.response) ? { response: { [call.status ?? 200]: call.response } } : {}),
    },
    // a declared call answers through reply.send (its security headers follow what it sends: server/http/securityHeaders.ts)
    config: { ...config, rule: call.rule, headersAtSend: true, ...(call.course ? { course: call.course } : {}) },
    handler: withAudit(call, handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) as never,
  });
}
