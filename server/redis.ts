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

/** One subscriber connection per Redis client (per app, whatever plugin context asks), shared by its channels. */
const subscribers = new WeakMap<Redis, { client: Redis; handlers: Map<string, (message: string) => void>; gaps: Set<() => void> }>();

/**
 * A pub/sub channel between every server process on the same Redis: `onMessage` hears what any
 * process (this one included) publishes. Returns the publish function, or null without Redis (the
 * caller then works inside this process only). The subscription is in place once the app is ready.
 * `onGap` is called when the subscription is back after its connection was lost: messages of the
 * time between are gone.
 */
export function redisChannel(
  app: FastifyInstance,
  channel: string,
  onMessage: (message: string) => void,
  onGap?: () => void,
): ((message: string) => void) | null {
  const redis = app.redis;
  if (!redis) return null;
  let sub = subscribers.get(redis);
  if (!sub) {
    // a subscribed connection can run no other command: a duplicate of the shared one
    const client = redis.duplicate();
    const handlers = new Map<string, (message: string) => void>();
    const gaps = new Set<() => void>();
    client.on('error', (err: Error) => app.log.warn({ err }, 'redis subscriber error'));
    // Pub/sub keeps nothing: what was published while this connection was down (a Redis restart,
    // a network cut) never arrives. Once it is subscribed again, the channels' owners hear of the gap.
    let lost = false;
    client.on('close', () => (lost = true));
    client.on('ready', () => {
      if (!lost) return;
      lost = false;
      // ioredis re-subscribes as it turns ready: give the SUBSCRIBE a moment to land first
      setTimeout(() => {
        for (const gap of gaps) gap();
      }, 1_000).unref();
    });
    client.on('message', (from: string, message: string) => {
      try {
        handlers.get(from)?.(message);
      } catch (err) {
        app.log.warn({ err, channel: from }, 'redis message not handled');
      }
    });
    sub = { client, handlers, gaps };
    subscribers.set(redis, sub);
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  sub.handlers.set(channel, onMessage);
  if (onGap) sub.gaps.add(onGap);
  const { client } = sub;
  // ioredis re-subscribes by itself after a reconnect
  app.addHook('onReady', async () => {
    await client.subscribe(channel);
  });
  return (message: string) => {
    redis.publish(channel, message).catch((err: unknown) => app.log.warn({ err, channel }, 'redis publish failed'));
  };
}
