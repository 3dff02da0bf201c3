import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema/index.js';

/** A key's failures inside its running window. */
export interface FailureCount {
  failures: number;
  /** ms since the epoch */
  windowEndsAt: number;
}

/**
 * Where failure counters live: somewhere every server process sees them (the database,
 * or Redis when REDIS_URL is set), so a second process or a restart does not start afresh.
 */
export interface FailureStore {
  /** the key's count in its running window; null when it has none */
  read(key: string, now: number): Promise<FailureCount | null>;
  /** counts one failure; the first failure after a window ended starts a new one */
  add(key: string, now: number, windowMs: number): Promise<FailureCount>;
  clear(key: string): Promise<void>;
}

export class DbFailureStore implements FailureStore {
  constructor(private readonly db: Db) {}

  async read(key: string, now: number): Promise<FailureCount | null> {
    const [row] = await this.db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
    if (!row || row.windowEndsAt.getTime() <= now) return null;
    return { failures: row.failures, windowEndsAt: row.windowEndsAt.getTime() };
  }

  async add(key: string, now: number, windowMs: number): Promise<FailureCount> {
    const at = sql`${new Date(now).toISOString()}::timestamptz`;
    const ends = new Date(now + windowMs);
    const ended = sql`${loginFailures.windowEndsAt} <= ${at}`;
    // one statement: concurrent failures (any process) each count
    const [row] = await this.db
      .insert(loginFailures)
      .values({ key, failures: 1, windowEndsAt: ends })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${ended} then 1 else ${loginFailures.failures} + 1 end`,
          windowEndsAt: sql`case when ${ended} then ${ends.toISOString()}::timestamptz else ${loginFailures.windowEndsAt} end`,
        },
      })
      .returning();
    return { failures: row.failures, windowEndsAt: row.windowEndsAt.getTime() };
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, key));
  }
}

/** Deletes counters whose window has ended (the provider's hourly sweep). */
export async function sweepLoginFailures(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.windowEndsAt, now));
}

// INCR, and the window's expiry set by the failure that starts it; answers the count and ms left.
const ADD_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if n == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {n, left}`;

export class RedisFailureStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'elp:login-failures:',
  ) {}

  async read(key: string, now: number): Promise<FailureCount | null> {
    const answers = await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec();
    const [[, count], [, left]] = answers as [[unknown, string | null], [unknown, number]];
    if (count === null || left <= 0) return null;
    return { failures: Number(count), windowEndsAt: now + left };
  }

  async add(key: string, now: number, windowMs: number): Promise<FailureCount> {
    const [failures, left] = (await this.redis.eval(ADD_SCRIPT, 1, this.prefix + key, String(Math.ceil(windowMs)))) as [number, number];
    return { failures, windowEndsAt: now + left };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** The outcome of counting one sign-in attempt. */
export interface Attempt {
  /** ms the account stays locked; 0 = go on and check the password */
  refusedFor: number;
  /** ms the account is locked for should this attempt's password be wrong (0: not yet) */
  lockedIfWrong: number;
}

/**
 * Failed sign-ins per account: after `max` failures inside a window of `windowMs` (from
 * the first of them) every attempt for that login from an untrusted client — right or wrong
 * password, from any address — is refused until the window ends. Keyed on the login alone,
 * so forging a client address per attempt gains nothing; unknown logins count the same way,
 * so the answer does not tell which accounts exist. A browser with a device cookie for the
 * account (server/auth/deviceCookie.ts) has a counter of its own instead, so the owner is
 * never locked out by someone else's guesses. Every attempt is counted before its password
 * is checked (a success then clears the count), so parallel tries cannot slip past the limit.
 */
export class LoginLimiter {
  constructor(
    private readonly store: FailureStore,
    readonly max = 5,
    readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The counter's key: the login as typed, normalised and hashed (a password typed into the login field is not stored). */
  static key(login: string): string {
    return createHash('sha256').update(login.trim().toLowerCase()).digest('base64url');
  }

  /** The counter of one trusted browser (its device cookie's nonce) for the login. */
  static deviceKey(login: string, device: string): string {
    return createHash('sha256').update(`${login.trim().toLowerCase()}\n${device}`).digest('base64url');
  }

  private keyOf(login: string, device: string | null | undefined): string {
    return device ? LoginLimiter.deviceKey(login, device) : LoginLimiter.key(login);
  }

  /** Counts an attempt for the login (from the device, if the browser is trusted), before its password is checked. */
  async attempt(login: string, device?: string | null): Promise<Attempt> {
    const now = this.now();
    const count = await this.store.add(this.keyOf(login, device), now, this.windowMs);
    const left = Math.max(0, count.windowEndsAt - now);
    if (count.failures > this.max) return { refusedFor: left, lockedIfWrong: left };
    return { refusedFor: 0, lockedIfWrong: count.failures >= this.max ? left : 0 };
  }

  /** Milliseconds until the login may be tried again; 0 when it is not locked. */
  async retryAfter(login: string, device?: string | null): Promise<number> {
    const now = this.now();
    const count = await this.store.read(this.keyOf(login, device), now);
    if (!count || count.failures < this.max) return 0;
    return Math.max(0, count.windowEndsAt - now);
  }

  /**
   * A successful sign-in forgets the failures of its own client: a trusted browser's success
   * leaves the untrusted clients' lock in place (the guesser stays refused).
   */
  async reset(login: string, device?: string | null): Promise<void> {
    await this.store.clear(this.keyOf(login, device));
  }
}
