import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DbFailureStore, LoginLimiter, RedisFailureStore, type Attempt } from './loginLimiter.js';
import { loadAuthSecrets } from './secrets.js';

/**
 * OWASP "device cookies": a browser that once proved an identity user's password holds a signed
 * token for that user (HMAC-SHA256 of its id and a random nonce). Password checks from that
 * browser count against the token's own counter, so guesses from elsewhere (a guest on the
 * sign-in page, another student's link form) lock out the untrusted clients only, never the
 * owner's browser; a guesser who then types the right password is still refused. A success
 * issues a fresh token (a new nonce: the device's counter starts afresh).
 *
 * One cookie holds the tokens of the last few users signed in on that browser (linked accounts).
 */
export const DEVICE_COOKIE = 'elp_device';
export const DEVICE_MAX_AGE_DAYS = 180;
const MAX_TOKENS = 5;

const mac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');

/** The tokens of a cookie value: `<identity id>.<nonce>.<mac>`, joined by `~` (newest first). */
function tokensOf(value: string | undefined): string[] {
  return (value ?? '').split('~').filter((t) => /^\d{1,12}\.[\w-]{16,64}\.[\w-]{43}$/.test(t)).slice(0, MAX_TOKENS);
}

export class DeviceCookies {
  constructor(private readonly key: Buffer) {}

  /** The key is derived from the stored flow key: nothing new to keep, the same in every process. */
  static fromFlowKey(flowKey: string): DeviceCookies {
    return new DeviceCookies(createHmac('sha256', flowKey).update('elp device cookie v1').digest());
  }

  /** The nonce of the browser's valid token for the identity user, or null (none, forged, another user's). */
  nonceFor(value: string | undefined, identityId: number): string | null {
    for (const token of tokensOf(value)) {
      const [id, nonce, given] = token.split('.');
      if (id !== String(identityId)) continue;
      const expected = Buffer.from(mac(this.key, `${id}.${nonce}`));
      const actual = Buffer.from(given);
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) return nonce;
    }
    return null;
  }

  /** The cookie value with a fresh token for the identity user first (its old token and the oldest beyond the limit dropped). */
  issue(value: string | undefined, identityId: number): string {
    const nonce = randomBytes(18).toString('base64url');
    const token = `${identityId}.${nonce}.${mac(this.key, `${identityId}.${nonce}`)}`;
    const others = tokensOf(value).filter((t) => !t.startsWith(`${identityId}.`));
    return [token, ...others].slice(0, MAX_TOKENS).join('~');
  }
}

/** One password check's standing: the limiter's answer and the browser's device token, if any. */
export interface CheckedAttempt extends Attempt {
  device: string | null;
}

/**
 * The sign-in limiter with device cookies, for every form that checks an identity user's
 * password (the sign-in page, linking an account, changing the password).
 */
export class PasswordGuard {
  constructor(
    readonly limiter: LoginLimiter,
    private readonly devices: DeviceCookies,
    private readonly secure: boolean,
  ) {}

  /** Counts the attempt before the password is checked: on the browser's device counter, else on the login's shared one. */
  async attempt(request: FastifyRequest, login: string, identityId: number | undefined): Promise<CheckedAttempt> {
    const device = identityId === undefined ? null : this.devices.nonceFor(request.cookies[DEVICE_COOKIE], identityId);
    return { ...(await this.limiter.attempt(login, device)), device };
  }

  /** The right password: forgets this client's failures and gives the browser a fresh device token. */
  async succeeded(request: FastifyRequest, reply: FastifyReply, login: string, identityId: number, attempt: CheckedAttempt): Promise<void> {
    await this.limiter.reset(login, attempt.device);
    reply.setCookie(DEVICE_COOKIE, this.devices.issue(request.cookies[DEVICE_COOKIE], identityId), {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      maxAge: DEVICE_MAX_AGE_DAYS * 24 * 3600,
    });
  }
}

const guards = new WeakMap<FastifyInstance['db'], Promise<DeviceCookies>>();

/** The app's password guard (LOGIN_MAX_FAILURES per LOGIN_LOCK_MINUTES, in Redis or the database). */
export async function passwordGuard(app: FastifyInstance): Promise<PasswordGuard> {
  const { db, config } = app;
  let devices = guards.get(db);
  if (!devices) {
    devices = loadAuthSecrets(db, config).then((s) => DeviceCookies.fromFlowKey(s.flowKey));
    guards.set(db, devices);
  }
  const limiter = new LoginLimiter(app.redis ? new RedisFailureStore(app.redis) : new DbFailureStore(db), config.LOGIN_MAX_FAILURES, config.LOGIN_LOCK_MINUTES * 60_000);
  return new PasswordGuard(limiter, await devices, config.publicUrl.startsWith('https:'));
}
