import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** the shared Redis client when REDIS_URL is set, else null (counters then live in the database) */
    redis: Redis | null;
  }
}

/**
 * One Redis connection per app for shared state across server processes (sign-in
 * failure counters; hub fan-out takes `redis.duplicate()` for its subscriber).
 * A command fails after a couple of reconnect attempts instead of waiting for Redis
 * forever: a request then answers 500 rather than hanging.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5_000, lazyConnect: false });
}

/** Decorates `app.redis` (null without REDIS_URL) and closes the connection with the app. */
export function registerRedis(app: FastifyInstance): void {
  const url = app.config.REDIS_URL;
  const client = url ? openRedis(url) : null;
  app.decorate('redis', client);
  if (!client) return;
  // ioredis reconnects by itself; without a listener an outage would be an unhandled 'error' event
  client.on('error', (err: Error) => app.log.warn({ err }, 'redis connection error'));
  app.addHook('onClose', async () => {
    await client.quit().catch(() => client.disconnect());
  });
}
