import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { loginFailures } from '../../server/db/schema/index.js';
import { DbFailureStore, LoginLimiter, RedisFailureStore, sweepLoginFailures } from '../../server/auth/loginLimiter.js';
import { createTestApp } from './support/app.js';
import { Browser } from './support/browser.js';
import { addIdentityUser } from './support/identity.js';
import { redisMissing, startRedis, type RunningRedis } from './support/redis.js';

/**
 * Issue 10 item 1: the sign-in failure limit holds against a client that forges its
 * address, locks the account itself (the right password waits too) and is shared by
 * every server process (database, or Redis with REDIS_URL).
 */
const t = await createTestApp();
const extraApps: App[] = [];
afterAll(async () => {
  for (const app of extraApps) await app.close();
});

/** Another server process on the same database (and the same Redis, if given). */
async function anotherInstance(env: Record<string, string> = {}): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', ...env });
  const app = await buildApp({ config, database: t.database, logger: false });
  await app.ready();
  extraApps.push(app);
  return app;
}

const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });

/** Five wrong passwords, each from a browser with a new forged client address; answers their statuses. */
async function failFiveTimes(app: App, login: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const b = new Browser(app, forged(i));
    const { action } = await b.openLoginPage();
    statuses.push((await b.request('POST', action, { login, password: `wrong-${i}` })).statusCode);
  }
  return statuses;
}

async function tryPassword(app: App, login: string, password: string, headers: Record<string, string> = {}) {
  const b = new Browser(app, headers);
  const { action } = await b.openLoginPage();
  return b.request('POST', action, { login, password });
}

describe('sign-in failure limit per account', () => {
  it('locks the account although every try forges another X-Forwarded-For', async () => {
    const { login } = await addIdentityUser(t.db);
    expect(await failFiveTimes(t.app, login)).toEqual([401, 401, 401, 401, 429]);
  });

  it('refuses the right password with 429 after the lock, from any address and in any letter case', async () => {
    const { login } = await addIdentityUser(t.db);
    await failFiveTimes(t.app, login);
    const right = await tryPassword(t.app, login.toUpperCase(), 'demo', forged(99));
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.body).toContain('Слишком много неудачных попыток входа');
    expect(right.headers.location).toBeUndefined();
  });

  it('is seen by a second server process on the same database', async () => {
    const { login } = await addIdentityUser(t.db);
    await failFiveTimes(t.app, login);
    const second = await anotherInstance();
    expect((await tryPassword(second, login, 'demo')).statusCode).toBe(429);
  });

  it('counts unknown logins the same way (the answer does not tell which accounts exist)', async () => {
    expect(await failFiveTimes(t.app, 'nobody-here@example.com')).toEqual([401, 401, 401, 401, 429]);
  });

  it('cannot be outrun by parallel tries: the right password among twelve sent at once is refused', async () => {
    const { login } = await addIdentityUser(t.db);
    const browsers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const b = new Browser(t.app, forged(i));
        return { b, action: (await b.openLoginPage()).action };
      }),
    );
    // an attacker's twelve guesses at once, the right one last: only the first five are checked
    const guesses = [...Array.from({ length: 11 }, (_, i) => `wrong-${i}`), 'demo'];
    const statuses = await Promise.all(browsers.map(({ b, action }, i) => b.request('POST', action, { login, password: guesses[i] }).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(4);
    expect(statuses[11]).toBe(429);
  });

  it('keeps the counters hashed and the window from the first failure; a success forgets them; ended windows are swept', async () => {
    let now = 1_000_000;
    const limiter = new LoginLimiter(new DbFailureStore(t.db), 3, 60_000, () => now);
    expect(await limiter.attempt(' Someone@Example.com ')).toEqual({ refusedFor: 0, lockedIfWrong: 0 });
    now += 10_000;
    expect(await limiter.attempt('someone@example.com')).toEqual({ refusedFor: 0, lockedIfWrong: 0 });
    now += 10_000;
    // the third is still checked; wrong, it locks the account for the rest of the window
    expect(await limiter.attempt('someone@example.com')).toEqual({ refusedFor: 0, lockedIfWrong: 40_000 });
    expect(await limiter.retryAfter('SOMEONE@example.com')).toBe(40_000);
    expect(await limiter.attempt('someone@example.com')).toEqual({ refusedFor: 40_000, lockedIfWrong: 40_000 });
    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.key, LoginLimiter.key('someone@example.com')));
    expect(rows).toHaveLength(1);
    expect(rows[0].key).not.toContain('someone');
    now += 40_000;
    expect(await limiter.retryAfter('someone@example.com')).toBe(0);
    // the first attempt after the window starts a new one
    expect(await limiter.attempt('someone@example.com')).toEqual({ refusedFor: 0, lockedIfWrong: 0 });
    await limiter.attempt('someone@example.com');
    await limiter.reset('someone@example.com');
    expect(await limiter.attempt('someone@example.com')).toEqual({ refusedFor: 0, lockedIfWrong: 0 });

    await limiter.attempt('swept@example.com');
    await sweepLoginFailures(t.db, new Date(now + 60_001));
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.key, LoginLimiter.key('swept@example.com')))).toHaveLength(0);
  });
});

describe('client address (TRUST_PROXY)', () => {
  /** An app with a route that echoes the client address Fastify settled on. */
  async function ipApp(env: Record<string, string>) {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', ...env });
    const app = await buildApp({ config, database: t.database, logger: false });
    app.get('/test-client-ip', async (request) => ({ ip: request.ip }));
    await app.ready();
    extraApps.push(app);
    return (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/test-client-ip', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' } }).then((r) => r.json().ip);
  }

  it('ignores X-Forwarded-For by default and believes it only from a listed proxy', async () => {
    const untrusting = await ipApp({});
    expect(await untrusting('127.0.0.1')).toBe('127.0.0.1');
    const trusting = await ipApp({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    expect(await trusting('10.1.2.3')).toBe('198.51.100.7');
    expect(await trusting('192.0.2.1')).toBe('198.51.100.7');
    expect(await trusting('127.0.0.1')).toBe('127.0.0.1');
  });

  it('refuses a TRUST_PROXY that is not a list of addresses at start-up', () => {
    for (const bad of ['true', '*', '2', '10.0.0.0/33', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ TRUST_PROXY: 'loopback, ::1, fd00::/8, 10.0.0.0/255.0.0.0' }).trustProxy).toEqual(['loopback', '::1', 'fd00::/8', '10.0.0.0/255.0.0.0']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe.skipIf(redisMissing)(`with REDIS_URL (a real redis-server)${redisMissing ? ` — skipped: ${redisMissing}` : ''}`, () => {
  let redis: RunningRedis;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    // the apps' connections first, then the server
    for (const app of extraApps.splice(0)) await app.close();
    client?.disconnect();
    await redis?.stop();
  });

  it('keeps the counters in Redis, where a second process sees the lock', async () => {
    const first = await anotherInstance({ REDIS_URL: redis.url });
    const second = await anotherInstance({ REDIS_URL: redis.url });
    const { login } = await addIdentityUser(t.db);
    expect(await failFiveTimes(first, login)).toEqual([401, 401, 401, 401, 429]);
    const key = `elp:login-failures:${LoginLimiter.key(login)}`;
    expect(await client.get(key)).toBe('5');
    expect(await client.pttl(key)).toBeGreaterThan(0);
    expect((await tryPassword(second, login, 'demo')).statusCode).toBe(429);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.key, LoginLimiter.key(login)))).toHaveLength(0);
  });

  it('ends the lock with the window and forgets failures after a success', async () => {
    // a window long enough for a loaded machine; its end is then brought forward in Redis itself
    const limiter = new LoginLimiter(new RedisFailureStore(client, 'test:'), 2, 60_000);
    expect((await limiter.attempt('a@example.com')).lockedIfWrong).toBe(0);
    expect((await limiter.attempt('a@example.com')).lockedIfWrong).toBeGreaterThan(0);
    expect((await limiter.attempt('a@example.com')).refusedFor).toBeGreaterThan(0);
    expect(await limiter.retryAfter('a@example.com')).toBeGreaterThan(0);
    const key = `test:${LoginLimiter.key('a@example.com')}`;
    expect(await client.pttl(key)).toBeLessThanOrEqual(60_000);
    await client.pexpire(key, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await limiter.retryAfter('a@example.com')).toBe(0);
    await limiter.attempt('a@example.com');
    await limiter.reset('a@example.com');
    expect(await limiter.attempt('a@example.com')).toEqual({ refusedFor: 0, lockedIfWrong: 0 });
  });
});
