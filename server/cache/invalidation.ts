import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { redisChannel } from '../redis.js';

/**
 * Invalidation of the in-process caches across server processes. A cache names a topic and how to
 * drop an entry of it (`onInvalidate`); a change calls `invalidate(db, topic, key)`: this process
 * drops the entry at once and, with Redis, every process on the same database (this one included)
 * drops it when the message arrives — within milliseconds, not at the end of the cache's TTL.
 * Without Redis there is one process and the local drop is all.
 *
 * Caches are kept per database handle (a WeakMap on `Db`), so the handlers receive the handle.
 */
export type InvalidationHandler = (db: Db, key: string) => void;

/** Redis channel of the invalidation messages. */
export const INVALIDATION_CHANNEL = 'elp:invalidate';

const handlers = new Map<string, InvalidationHandler>();
const publishers = new WeakMap<Db, (message: string) => void>();

/** Registers how a cache drops an entry of `topic` (once, at module load). */
export function onInvalidate(topic: string, handler: InvalidationHandler): void {
  handlers.set(topic, handler);
}

function dropHere(db: Db, topic: string, key: string): void {
  handlers.get(topic)?.(db, key);
}

/** Drops the entry here now and tells the other processes (with Redis) to drop theirs. */
export function invalidate(db: Db, topic: string, key: string | number): void {
  dropHere(db, topic, String(key));
  publishers.get(db)?.(JSON.stringify({ topic, key: String(key) }));
}

/** Subscribes this app to the invalidation messages of the other processes (with REDIS_URL). */
export function registerInvalidation(app: FastifyInstance): void {
  const { db } = app;
  const publish = redisChannel(app, INVALIDATION_CHANNEL, (message) => {
    const m = JSON.parse(message) as { topic?: unknown; key?: unknown };
    if (typeof m.topic === 'string' && typeof m.key === 'string') dropHere(db, m.topic, m.key);
  });
  if (publish) publishers.set(db, publish);
}
