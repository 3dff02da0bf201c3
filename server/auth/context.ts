import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { allows, type Principal, type Role, type Rule, type RuleKey } from '../../src/shared/permissions.js';
import type { Db } from '../db/client.js';
import { accounts, sessions } from '../db/schema/index.js';
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
  extra: { idToken?: string; claims?: Record<string, unknown>; previousAccountId?: number | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    accountId,
    idToken: extra.idToken,
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

export async function loadUser(db: Db, token: string | undefined): Promise<AuthUser | null> {
  if (!token) return null;
  const id = hashToken(token);
  const rows = await db
    .select({ s: sessions, a: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    accountId: row.a.id,
    sessionId: id,
    email: row.a.email,
    firstName: row.a.firstName,
    lastName: row.a.lastName,
    role: row.a.role as Role,
    flags: row.a.flags,
    accessToPhysical: row.a.accessToPhysical,
  };
}

/**
 * Route guard from the shared permission table: 401 when a signed-in role is
 * needed and nobody is signed in, 403 when the role or flags do not allow it.
 */
export function guard(rule: RuleKey | Rule): preHandlerAsyncHookHandler {
  return async function checkAccess(request: FastifyRequest) {
    if (allows(request.user, rule)) return;
    if (!request.user) throw unauthorized();
    throw new AppError(403, 'Forbidden', { title: 'error.forbidden' });
  };
}

/** The signed-in user, or 401 (for handlers behind a guard that admits only signed-in roles). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
