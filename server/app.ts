import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Rule, RuleKey } from '../shared/permissions.js';
import type { Database, Db } from './db/client.js';
import { cachedUser, enforceDeclaredRules, guard, loadUser, SESSION_COOKIE } from './auth/context.js';
import { courseScopeHook, type CourseScope } from './auth/courseScope.js';
import { addPublicHostRedirect } from './auth/publicHost.js';
import { AppError, registerErrorHandling, sendError } from './errors.js';
import { clientDistDir } from './paths.js';
import { modules } from './modules/index.js';
import { registerHubs } from './hubs/index.js';
import { configureSandbox } from './sandbox/index.js';
import { registerBodyTypes } from './http/bodyTypes.js';
import { registerNulByteCheck } from './http/nulBytes.js';
import { inlineScriptSources, registerClientFiles, registerCompression } from './http/clientFiles.js';
import { registerOriginCheck } from './http/origin.js';
import { registerContentOrigin } from './content/index.js';
import { isContentRequest } from './content/host.js';
import { registerRedis } from './redis.js';
import { registerInvalidation } from './cache/invalidation.js';
import { endIdleConnectionsOnClose } from './http/keepAliveOnClose.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerAnswerBatching } from './http/answerBatching.js';
import { registerIdempotency } from './http/idempotency.js';
import { RequestLog } from './http/requestLog.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** every /api route with its permission rule (walked by tests/api/guards.test.ts) */
    routeRules: RouteRule[];
  }
}

export interface RouteRule {
  method: string;
  url: string;
  rule: RuleKey | Rule;
  /** what the route does in its course, for routes that act in one course */
  course?: CourseScope;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests) */
  logger?: boolean | Record<string, unknown>;
  /** plugins registered after the modules, like one of them (a test's throwaway resource) */
  plugins?: FastifyPluginAsync[];
  /** the built client to serve (default dist/client; a test's own folder) */
  clientDir?: string;
}

export type App = FastifyInstance;

export async function buildApp({ config, database, logger, plugins, clientDir }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL ?? (config.NODE_ENV === 'production' ? 'info' : 'debug') },
    // The spec's paths vary in letter case (ARCHITECTURE §3).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* only from the proxies named in TRUST_PROXY (else a client could pick its own address)
    trustProxy: config.trustProxy,
    // request lines at debug, unless failed or slow (server/http/requestLog.ts)
    logController: new RequestLog(config.LOG_SLOW_MS),
  }).withTypeProvider<ZodTypeProvider>();

  endIdleConnectionsOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  configureSandbox(config);
  app.decorate('database', database);
  database.onConnectionError = (err) => app.log.warn({ err }, 'PostgreSQL connection lost');
  app.decorate('db', database.db);
  registerRedis(app);
  registerInvalidation(app);
  registerErrorHandling(app);
  // every request: JSON bodies unless a route declares more, no NUL in any text
  registerBodyTypes(app);
  registerNulByteCheck(app);
  const routeRules: RouteRule[] = [];
  app.decorate('routeRules', routeRules);
  app.addHook('onRoute', (route) => {
    const rule = enforceDeclaredRules(route as never);
    const course = (route.config as { course?: CourseScope } | undefined)?.course;
    // the course check runs before validation, like the rule's guard before everything
    if (course) route.preValidation = [courseScopeHook(course), ...[route.preValidation ?? []].flat()];
    if (rule) {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routeRules.push({ method, url: route.url, rule, ...(course ? { course } : {}) });
    }
  });
  // state-changing calls only from our own pages (on those routes, in front of their guards)
  registerOriginCheck(app);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(clientDir ?? clientDistDir)],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion inject style tags
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:', config.contentOrigin], // the SCORM launcher (server/content/)
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'", ...(config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // resendable writes keep their first answer (before compression: it stores the JSON itself)
  registerIdempotency(app);
  // with Redis the per-route ceilings count across every process; a Redis outage lets requests through
  // (the ceilings sit on top of the real checks; sign-in locks have their own store)
  await app.register(rateLimit, { global: false, ...(app.redis ? { redis: app.redis, nameSpace: 'elp:rate-limit:', skipOnError: true } : {}) });
  await registerCompression(app);
  // every answer, after the steps above: written at the end of the event loop's turn, with the others
  registerAnswerBatching(app);

  await app.register(swagger, {
    openapi: { info: { title: 'ELP API', version: '1.0.0', description: 'The calls of spec 3 §7, at the spec’s paths' } },
    transform: jsonSchemaTransform,
  });

  // SCORM packages play on another host name, served here; it answers only its own routes.
  registerContentOrigin(app);
  // Pages opened at another host name go to PUBLIC_URL first (sign-in works there only).
  addPublicHostRedirect(app);

  // Who is calling, once per request (never on the content origin: it authenticates no one).
  app.decorateRequest('user', null);
  app.decorateRequest('courseAccess', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (isContentRequest(request, config)) return done();
    // a cached session answers without a promise (most requests: this runs on every call)
    const token = request.cookies[SESSION_COOKIE];
    const hit = cachedUser(database.db, token);
    if (hit !== undefined) {
      request.user = hit;
      return done();
    }
    loadUser(database.db, token).then((user) => {
      request.user = user;
      done();
    }, done);
  });

  // API documentation (UI and JSON): API_DOCS=public, staff (Instructors and Root; the default) or off
  if (config.API_DOCS !== 'off') {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      ...(config.API_DOCS === 'staff' ? { uiHooks: { onRequest: guard('staff') } } : {}),
    });
  }

  for (const mod of [...modules, ...(plugins ?? [])]) await app.register(mod);
  registerHubs(app);

  // The built client (npm start): static files, and index.html for client routes.
  const hasClient = await registerClientFiles(app, clientDir ?? clientDistDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0].toLowerCase();
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/oidc') || path.startsWith('/hubs');
    if (!isApi && hasClient && request.method === 'GET') {
      return reply.sendFile('index.html');
    }
    return sendError(reply, new AppError(404, 'RouteNotFound', { title: 'error.routeNotFound' }));
  });

  return app;
}
