import type { Redis } from 'ioredis';

/** How long a journal answer is reused (spec 2 §9: visit journal cache 2 s). */
export const JOURNAL_CACHE_MS = 2_000;

/**
 * The visit journal's 2-second cache (spec 2 §9). Answers are kept per course and per what was
 * asked (the caller's student scope is part of the key); setting or clearing a mark in a course
 * bumps that course's generation, so the one who marked sees the mark at once. With Redis
 * (REDIS_URL) answers and generations are shared by every server process; without it they live in
 * this process (another process sees a mark within 2 s).
 */
export class JournalCache {
  private readonly local = new Map<string, { until: number; value: unknown }>();
  private readonly generations = new Map<number, number>();

  constructor(private readonly redis: Redis | null) {}

  private async generation(courseId: number): Promise<string> {
    if (!this.redis) return String(this.generations.get(courseId) ?? 0);
    return (await this.redis.get(`elp:vj:gen:${courseId}`)) ?? '0';
  }

  async get<T>(courseId: number, key: string, compute: () => Promise<T>): Promise<T> {
    const full = `elp:vj:${courseId}:${await this.generation(courseId)}:${key}`;
    if (this.redis) {
      const hit = await this.redis.get(full);
      if (hit !== null) return JSON.parse(hit) as T;
      const value = await compute();
      await this.redis.set(full, JSON.stringify(value), 'PX', JOURNAL_CACHE_MS);
      return value;
    }
    const now = Date.now();
    const hit = this.local.get(full);
    if (hit && hit.until > now) return hit.value as T;
    const value = await compute();
    if (this.local.size > 1000) this.sweep(now);
    this.local.set(full, { until: now + JOURNAL_CACHE_MS, value });
    return value;
  }

  /** A mark changed in the course: later reads compute afresh. */
  async bump(courseId: number): Promise<void> {
    if (this.redis) {
      await this.redis.multi().incr(`elp:vj:gen:${courseId}`).pexpire(`elp:vj:gen:${courseId}`, 3_600_000).exec();
      return;
    }
    this.generations.set(courseId, (this.generations.get(courseId) ?? 0) + 1);
    for (const k of this.local.keys()) if (k.startsWith(`elp:vj:${courseId}:`)) this.local.delete(k);
  }

  private sweep(now: number): void {
    for (const [k, v] of this.local) if (v.until <= now) this.local.delete(k);
  }
}

const caches = new WeakMap<object, JournalCache>();

/** The app's journal cache (one per app: keyed by its database handle, which every module shares). */
export function journalCache(app: { db: object; redis: Redis | null }): JournalCache {
  let cache = caches.get(app.db);
  if (!cache) {
    cache = new JournalCache(app.redis);
    caches.set(app.db, cache);
  }
  return cache;
}
