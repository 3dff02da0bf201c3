import { and, eq, notLike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordCalls as calls } from '../../../shared/calls/profile.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/profile.js';
import { currentUser } from '../../auth/context.js';
import { passwordGuard, type PasswordGuard } from '../../auth/deviceCookie.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { embeddedIssuer } from '../../auth/provider.js';
import { accounts, identityUsers } from '../../db/schema/index.js';
import { AppError, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';

/** A stored hash that is a password (an identity user made without one holds none). */
const isPassword = (hash: string) => hash.startsWith('scrypt$');

/** The new password's problems as form fields (`newField` is the field holding it), or null. */
function newPasswordProblems(lang: Lang, value: string, repeat: string, newField: string, repeatField: string): Record<string, string> | null {
  if (value.length < PASSWORD_MIN) return { [newField]: translate(lang, 'profile.error.tooShort', { count: PASSWORD_MIN }) };
  if (value.length > PASSWORD_MAX) return { [newField]: translate(lang, 'profile.error.tooLong', { count: PASSWORD_MAX }) };
  if (value !== repeat) return { [repeatField]: translate(lang, 'password.mismatch') };
  return null;
}

/**
 * The password of the embedded identity provider (spec 3 §7.1 Password/*). An account signed in
 * through an external provider has none here (`managed: false`; the calls answer 400
 * PasswordNotManaged). Wrong current passwords count against the account's sign-in limit
 * (LOGIN_MAX_FAILURES): the change form is no way around it. Secrets are never logged: these
 * routes log warnings only (no request line, whose query may hold Set's Value).
 */
export function passwordRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const config = fastify.config;
  const issuer = config.embeddedOidc ? embeddedIssuer(config) : null;
  // made on the first change (the routes are registered synchronously)
  let guard: Promise<PasswordGuard> | null = null;

  /** The caller's user of the embedded provider, or null when it is not one of its users. */
  async function identityOf(accountId: number) {
    if (!issuer) return null;
    const [account] = await db.select({ issuer: accounts.issuer, subject: accounts.subject }).from(accounts).where(eq(accounts.id, accountId));
    if (!account || account.issuer !== issuer || !/^\d+$/.test(account.subject)) return null;
    const [user] = await db.select().from(identityUsers).where(eq(identityUsers.id, Number(account.subject)));
    return user ?? null;
  }
  async function managedIdentity(accountId: number) {
    const user = await identityOf(accountId);
    if (!user) throw new AppError(400, 'PasswordNotManaged', { title: 'password.notManaged' });
    return user;
  }
  const quiet = { logLevel: 'warn' as const };

  route(fastify, calls.hasPassword, async (request) => {
    const user = await identityOf(currentUser(request).accountId);
    return { managed: !!user, hasPassword: !!user && isPassword(user.passwordHash) };
  });

  route(
    fastify,
    calls.change,
    async (request, reply) => {
      const lang = requestLang(request);
      const user = await managedIdentity(currentUser(request).accountId);
      const b = request.body;
      const problems = newPasswordProblems(lang, b.newPassword, b.repeat, 'newPassword', 'repeat');
      if (problems) throw new AppError(400, 'ValidationError', { title: 'error.validation', fields: problems });
      // counted before the check, as a sign-in is: parallel guesses cannot pass the limit
      guard ??= passwordGuard(fastify);
      const attempt = await (await guard).attempt(request, user.login, user.id);
      const locked = (ms: number) => {
        reply.header('retry-after', String(Math.ceil(ms / 1000)));
        return new AppError(429, 'TooManyRequests', { title: 'password.tooMany', vars: { minutes: Math.max(1, Math.ceil(ms / 60_000)) } });
      };
      if (attempt.refusedFor > 0) throw locked(attempt.refusedFor);
      if (!isPassword(user.passwordHash) || !(await verifyPassword(b.oldPassword, user.passwordHash))) {
        if (attempt.lockedIfWrong > 0) throw locked(attempt.lockedIfWrong);
        throw new AppError(400, 'WrongPassword', { title: 'password.wrong', fields: { oldPassword: translate(lang, 'password.wrong') } });
      }
      await (await guard).succeeded(request, reply, user.login, user.id, attempt);
      await db.update(identityUsers).set({ passwordHash: await hashPassword(b.newPassword) }).where(eq(identityUsers.id, user.id));
      return { ok: true as const };
    },
    quiet,
  );

  route(
    fastify,
    calls.set,
    async (request) => {
      const lang = requestLang(request);
      const user = await managedIdentity(currentUser(request).accountId);
      // the body (ours) or the spec's query Value and Repeat
      const value = request.body?.value ?? request.query.Value;
      const repeat = request.body?.repeat ?? request.query.Repeat;
      if (value === undefined || repeat === undefined) throw new AppError(400, 'ValidationError', { title: 'password.noValue', fields: { value: translate(lang, 'password.noValue') } });
      if (isPassword(user.passwordHash)) throw new AppError(400, 'PasswordAlreadySet', { title: 'password.alreadySet' });
      const problems = newPasswordProblems(lang, value, repeat, 'value', 'repeat');
      if (problems) throw new AppError(400, 'ValidationError', { title: 'error.validation', fields: problems });
      // only where no password is set: a concurrent Set cannot overwrite one set meanwhile
      const hash = await hashPassword(value);
      const done = await db
        .update(identityUsers)
        .set({ passwordHash: hash })
        .where(and(eq(identityUsers.id, user.id), notLike(identityUsers.passwordHash, 'scrypt$%')))
        .returning({ id: identityUsers.id });
      if (!done.length) throw new AppError(400, 'PasswordAlreadySet', { title: 'password.alreadySet' });
      return { ok: true as const };
    },
    quiet,
  );
}
