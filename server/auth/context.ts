import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { allows, type Principal, type Role, type Rule, type RuleKey } from '../../shared/permissions.js';
import { invalidate, onInvalidate } from '../cache/invalidation.js';
import type { Db } from '../db/client.js';
import { accountLinks, accounts, sessions } from '../db/schema/index.js';
import { AppError, unauthorized } from '../errors.js';

/** Who is calling: resolved once per request from the session cookie. */
export interface AuthUser extends Principal {
  accountId: number;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  flags: string[];
  accessToPhysical: boolean;
  picture: string | null;
  language: string | null;
  /** the main account when this one is a linked account */
  mainAccountId: number | null;
  /** the account switched from in this session, to switch back */
  previousAccountId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const SESSION_COOKIE = 'elp_sid';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a server-side session and returns the raw token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  accountId: number,
  ttlHours: number,
  extra: { idToken?: string; providerSession?: string | null; claims?: Record<string, unknown>; previousAccountId?: number | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    accountId,
    idToken: extra.idToken,
    providerSession: extra.providerSession ?? null,
    claims: extra.claims ?? {},
    previousAccountId: extra.previousAccountId ?? null,
    expiresAt: new Date(Date.now() + ttlHours * 3600_000),
  });
  return token;
}

export function setSessionCookie(reply: FastifyReply, token: string, ttlHours: number, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.round(ttlHours * 3600),
  });
}

/**
 * Who holds a session, remembered in this process for a short time so that a request does not
 * read the sessions table each time (an exam's saves come in hundreds a second). Signing out
 * forgets the session (`forgetSession`) and a change to the account (role, flags, profile) forgets
 * its sessions (`forgetAccount`) in every process at once (server/cache/invalidation.ts, through
 * Redis when there are several); anything else takes effect within SESSION_CACHE_TTL_MS, and an
 * entry never outlives the session's expiry.
 */
export const SESSION_CACHE_TTL_MS = 60_000;
interface SessionCache {
  entries: LRUCache<string, AuthUser>;
  /** account → its cached sessions, to forget an account's sessions without a scan (sign-ins come in storms) */
  byAccount: Map<number, Set<string>>;
  /** counts invalidations: a lookup that began before one is not remembered (it may have read the old row) */
  generation: number;
}
const sessionCaches = new WeakMap<Db, SessionCache>();
const cacheOf = (db: Db): SessionCache => {
  let cache = sessionCaches.get(db);
  if (!cache) {
    const byAccount = new Map<number, Set<string>>();
    const entries = new LRUCache<string, AuthUser>({
      max: 20_000,
      ttl: SESSION_CACHE_TTL_MS,
      // evicted, expired, replaced or deleted: out of the account's list too
      dispose: (user, sessionId) => {
        const set = byAccount.get(user.accountId);
        set?.delete(sessionId);
        if (set?.size === 0) byAccount.delete(user.accountId);
      },
    });
    sessionCaches.set(db, (cache = { entries, byAccount, generation: 0 }));
  }
  return cache;
};

onInvalidate('session', (db, sessionId) => {
  const cache = sessionCaches.get(db);
  if (!cache) return;
  cache.generation++;
  cache.entries.delete(sessionId);
});
onInvalidate('account', (db, key) => {
  const cache = sessionCaches.get(db);
  if (cache) cache.generation++;
  for (const sessionId of [...(cache?.byAccount.get(Number(key)) ?? [])]) cache!.entries.delete(sessionId);
});

/** Drops a session from every process's cache (sign-out): its next request is a guest's. */
export function forgetSession(db: Db, sessionId: string): void {
  invalidate(db, 'session', sessionId);
}

/** Drops every session of the account from every process's cache (its role, flags or profile changed). */
export function forgetAccount(db: Db, accountId: number): void {
  invalidate(db, 'account', accountId);
}

/**
 * Cookie token → its session id (sha256), remembered: hashing was several per cent of a light call’s
 * cost, and a browser sends the same token on every call. The map holds nothing the request did
 * not already carry; it is bounded like the session cache.
 */
const tokenHashes = new LRUCache<string, string>({ max: 20_000 });
const sessionIdOf = (token: string) => {
  let id = tokenHashes.get(token);
  if (id === undefined) tokenHashes.set(token, (id = hashToken(token)));
  return id;
};

/** The session's user from this process's cache: null without a token, undefined when not cached (ask `loadUser`). */
export function cachedUser(db: Db, token: string | undefined): AuthUser | null | undefined {
  if (!token) return null;
  const cached = cacheOf(db).entries.get(sessionIdOf(token));
  // a copy: a handler changing its request's user does not change the cached one
  return cached ? { ...cached, flags: [...cached.flags] } : undefined;
}

export async function loadUser(db: Db, token: string | undefined): Promise<AuthUser | null> {
  const hit = cachedUser(db, token);
  if (hit !== undefined) return hit;
  const id = sessionIdOf(token!);
  const cache = cacheOf(db);
  const generation = cache.generation;
  // One query per request: everything the guards and GET current-state need.
  const [row] = await db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      role: accounts.role,
      flags: accounts.flags,
      accessToPhysical: accounts.accessToPhysical,
      picture: accounts.picture,
      language: accounts.language,
      // account_links is the one record of who is linked to whom
      mainAccountId: accountLinks.mainAccountId,
      previousAccountId: sessions.previousAccountId,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(accountLinks, eq(accountLinks.linkedAccountId, accounts.id))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { expiresAt, ...fields } = row;
  const user: AuthUser = { ...fields, sessionId: id, role: row.role as Role };
  if (cache.generation !== generation) return { ...user, flags: [...user.flags] }; // changed meanwhile: not remembered
  cache.entries.set(id, user, { ttl: Math.max(1, Math.min(SESSION_CACHE_TTL_MS, expiresAt.getTime() - Date.now())) });
  let sessionIds = cache.byAccount.get(user.accountId);
  if (!sessionIds) cache.byAccount.set(user.accountId, (sessionIds = new Set()));
  sessionIds.add(id);
  return { ...user, flags: [...user.flags] };
}

/** Who an account is for the permission checks (a task acting for its author, not for a request). */
export async function accountPrincipal(db: Db, accountId: number): Promise<Pick<AuthUser, 'accountId' | 'role' | 'flags'> | null> {
  const [row] = await db.select({ accountId: accounts.id, role: accounts.role, flags: accounts.flags }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ? { ...row, role: row.role as Role } : null;
}

/**
 * Route guard from the shared permission table: 401 when a signed-in role is
 * needed and nobody is signed in, 403 when the role or flags do not allow it.
 */
export function guard(rule: RuleKey | Rule): preHandlerHookHandler {
  // a callback hook, not an async one: it runs on every call, and needs no promise
  const check = function checkAccess(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
    if (allows(request.user, rule)) return done();
    done(request.user ? new AppError(403, 'Forbidden', { title: 'error.forbidden' }) : unauthorized());
  };
  return Object.assign(check, { [GUARD]: rule }) as unknown as preHandlerHookHandler;
}

const GUARD = Symbol.for('elp.guard');

/** The rule a guard preHandler enforces, if the function is one. */
export function guardRule(fn: unknown): RuleKey | Rule | undefined {
  return typeof fn === 'function' ? (fn as unknown as Record<symbol, RuleKey | Rule>)[GUARD] : undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the permission rule of this route (shared/permissions.ts); enforced before the handler */
    rule?: RuleKey;
  }
}

/**
 * Deny by default: every /api and /hubs route must name its permission rule,
 * either as `config: { rule }` (a guard is added for it) or with a guard()
 * preHandler. A route with neither fails at start-up, not in production.
 */
export function enforceDeclaredRules(route: {
  url: string;
  method: string | string[];
  config?: { rule?: RuleKey };
  onRequest?: unknown;
  preHandler?: unknown;
}): RuleKey | Rule | null {
  const url = route.url.toLowerCase();
  if (!(url.startsWith('/api/') || url.startsWith('/hubs/')) || url.startsWith('/api/docs')) return null;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v ? [v] : []);
  const onRequest = list(route.onRequest);
  let preHandler = list(route.preHandler);
  // Guards run at onRequest, before body parsing and validation, so an
  // unauthorised caller learns nothing about the input it sent.
  const moved = preHandler.filter((h) => guardRule(h) !== undefined);
  preHandler = preHandler.filter((h) => guardRule(h) === undefined);
  const guards = [...onRequest.filter((h) => guardRule(h) !== undefined), ...moved];
  if (route.config?.rule && guards.length === 0) guards.push(guard(route.config.rule));
  if (guards.length === 0) {
    throw new Error(
      `Route ${String(route.method)} ${route.url} declares no permission: add config: { rule: '<RuleKey>' } ` +
        `(shared/permissions.ts) or a guard(...) preHandler. The server denies by default.`,
    );
  }
  route.onRequest = [...guards, ...onRequest.filter((h) => guardRule(h) === undefined)];
  route.preHandler = preHandler;
  return guardRule(guards[0]) ?? null;
}

/** The signed-in user, or 401 (for handlers behind a guard that admits only signed-in roles). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
