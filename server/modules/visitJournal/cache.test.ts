import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../redis.js';
import { redisMissing, startRedis, type RunningRedis } from '../../../tests/api/support/redis.js';
import { JOURNAL_CACHE_MS, JournalCache } from './cache.js';

/** The visit journal's 2-second cache (spec 2 §9): reused within 2 s, dropped for a course at once by a mark, shared through Redis. */
describe('journal cache in one process', () => {
  it('reuses an answer within 2 s, computes afresh after a mark in that course only', async () => {
    const cache = new JournalCache(null);
    let n = 0;
    const compute = async () => ++n;
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(2, 'k', compute)).toBe(2);
    await cache.bump(1);
    expect(await cache.get(1, 'k', compute)).toBe(3);
    expect(await cache.get(2, 'k', compute)).toBe(2);
  });

  it('expires after 2 s', async () => {
    const cache = new JournalCache(null);
    let n = 0;
    const realNow = Date.now;
    try {
      expect(await cache.get(1, 'k', async () => ++n)).toBe(1);
      const later = realNow() + JOURNAL_CACHE_MS + 1;
      Date.now = () => later;
      expect(await cache.get(1, 'k', async () => ++n)).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });
});

describe.skipIf(!!redisMissing)('journal cache through Redis (two processes)', () => {
  let redis: RunningRedis;
  const clients: ReturnType<typeof openRedis>[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of clients) await c.quit();
    await redis?.stop();
  });

  it('one process sees the answer the other cached, and the mark the other made at once', async () => {
    const a = openRedis(redis.url);
    const b = openRedis(redis.url);
    clients.push(a, b);
    const first = new JournalCache(a);
    const second = new JournalCache(b);
    expect(await first.get(7, 'view', async () => ({ marks: 1 }))).toEqual({ marks: 1 });
    expect(await second.get(7, 'view', async () => ({ marks: 99 }))).toEqual({ marks: 1 });
    await first.bump(7);
    expect(await second.get(7, 'view', async () => ({ marks: 2 }))).toEqual({ marks: 2 });
  });
});
