import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { accountRelationCalls, accountSwitchCalls, type SwitchedTo } from '../../../shared/calls/accounts.js';
import { upsertAccountFromClaims } from '../../auth/accountStore.js';
import { createSession, forgetAccount, forgetSession, setSessionCookie, type AuthUser } from '../../auth/context.js';
import { passwordGuard } from '../../auth/deviceCookie.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { embeddedIssuer, identityClaims } from '../../auth/provider.js';
import { accountLinks, accounts, identityUsers, sessions } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { audit } from '../../http/audit.js';
import { familyOf, familyRows, fullName, inAnyFamily, unlink } from './family.js';
import './messages.js';

/**
 * Linked accounts and switching (spec 1 §2.3, §2.4, §6; spec 3 §7.1, §8.3b). Linking proves the
 * other account's password to the embedded identity provider (counted by the sign-in limiter:
 * the linking form is no way around it). A switch ends the session and starts a new one (a new
 * id, no fixation) for an account of the same family, keeping the old session's expiry and its
 * identity-provider session (sign-out still ends it), and is written to audit_log.
 */
export const accountsModule: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const secure = config.publicUrl.startsWith('https:');
  const guard = await passwordGuard(app);
  // compared against when the login is unknown, so both cases take the same time
  const dummyHash = await hashPassword('not-a-password');

  const accountNotFound = () => notFound('AccountNotFound', { title: 'accounts.notFound' });

  /** Moves the caller's session into `targetId`: the old session row is deleted first, so one session switches once. */
  async function switchTo(request: FastifyRequest, user: AuthUser, reply: FastifyReply, targetId: number, previousAccountId: number | null, action: string): Promise<SwitchedTo> {
    const [target] = await db.select({ id: accounts.id, role: accounts.role }).from(accounts).where(eq(accounts.id, targetId)).limit(1);
    if (!target) throw accountNotFound();
    const token = await db.transaction(async (tx) => {
      const [old] = await tx.delete(sessions).where(eq(sessions.id, user.sessionId)).returning();
      if (!old) throw unauthorized();
      const ttlHours = Math.max(1 / 3600, (old.expiresAt.getTime() - Date.now()) / 3_600_000);
      const next = await createSession(tx, targetId, ttlHours, {
        idToken: old.idToken ?? undefined,
        providerSession: old.providerSession,
        claims: old.claims,
        previousAccountId,
      });
      await audit(request, { action, table: 'sessions', recordId: targetId, before: { accountId: user.accountId }, after: { accountId: targetId } }, tx);
      return { next, ttlHours };
    });
    forgetSession(db, user.sessionId);
    setSessionCookie(reply, token.next, token.ttlHours, secure);
    reply.header('cache-control', 'no-store');
    return { accountId: target.id, role: target.role };
  }

  route(app, accountRelationCalls.list, async (request) => {
    const user = request.user!;
    return familyRows(db, await familyOf(db, user.accountId), user.accountId);
  });

  route(
    app,
    accountRelationCalls.add,
    async (request, reply) => {
      const user = request.user!;
      // passwords are the embedded provider's; an external provider's accounts cannot be proven here
      if (!config.embeddedOidc) throw badRequest('LinkingUnavailable', { title: 'accounts.linkingUnavailable' });
      const { login, password } = request.body;
      const [identity] = await db.select().from(identityUsers).where(sql`lower(${identityUsers.login}) = ${login.toLowerCase()}`).limit(1);
      // counted before the check, with the sign-in page's rule: this browser's device cookie for that user, else the login's shared counter
      const attempt = await guard.attempt(request, login, identity?.id);
      const locked = (ms: number) => {
        reply.header('retry-after', String(Math.ceil(ms / 1000)));
        return new AppError(429, 'TooManyRequests', { title: 'accounts.tooMany', vars: { minutes: Math.max(1, Math.ceil(ms / 60_000)) } });
      };
      if (attempt.refusedFor > 0) throw locked(attempt.refusedFor);
      const passwordOk = await verifyPassword(password, identity?.passwordHash ?? dummyHash);
      if (!identity || !passwordOk) {
        if (attempt.lockedIfWrong > 0) throw locked(attempt.lockedIfWrong);
        throw notFound('IncorrectLoginOrPassword', { title: 'accounts.incorrectLogin' });
      }
      await guard.succeeded(request, reply, login, identity.id, attempt);
      // the account of that identity user (created as its first sign-in would)
      const other = await upsertAccountFromClaims(db, embeddedIssuer(config), identityClaims(identity), { address: request.ip });
      const family = await familyOf(db, user.accountId);
      if (family.members.includes(other.id)) throw badRequest('UserAlreadyAdded', { title: 'accounts.alreadyAdded' });
      const theirs = await inAnyFamily(db, other.id);
      if (theirs.linkedTo !== null) throw badRequest('LinkedElsewhere', { title: 'accounts.linkedElsewhere' });
      if (theirs.hasLinked) throw badRequest('HasLinkedAccounts', { title: 'accounts.hasLinked' });
      await db.transaction(async (tx) => {
        await tx.insert(accountLinks).values({ mainAccountId: family.mainAccountId, linkedAccountId: other.id });
        await audit(request, { action: 'account-link', table: 'account_links', recordId: other.id, after: { mainAccountId: family.mainAccountId, linkedAccountId: other.id } }, tx);
      });
      forgetAccount(db, other.id); // its sessions now have a main account, in every process
      const rows = await familyRows(db, { mainAccountId: family.mainAccountId, members: [other.id] }, user.accountId);
      reply.status(201);
      return rows[0];
    },
    // a coarse per-address ceiling on top of the per-login limiter
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(app, accountRelationCalls.loginById, async (request, reply) => {
    const user = request.user!;
    const targetId = parseIntId(request.params.accountId);
    const family = await familyOf(db, user.accountId);
    if (targetId === null || !family.members.includes(targetId)) throw accountNotFound();
    if (targetId === user.accountId) throw badRequest('AlreadyInAccount', { title: 'accounts.alreadyIn' });
    return switchTo(request, user, reply, targetId, user.accountId, 'account-switch');
  });

  route(app, accountSwitchCalls.toMain, async (request, reply) => {
    const user = request.user!;
    const family = await familyOf(db, user.accountId);
    if (family.mainAccountId === user.accountId) throw badRequest('AlreadyInAccount', { title: 'accounts.alreadyMain' });
    return switchTo(request, user, reply, family.mainAccountId, user.accountId, 'account-switch-main');
  });

  route(app, accountSwitchCalls.back, async (request, reply) => {
    const user = request.user!;
    const [row] = await db.select({ previous: sessions.previousAccountId }).from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
    const previous = row?.previous ?? null;
    if (previous === null) throw badRequest('NoPreviousAccount', { title: 'accounts.noPrevious' });
    // the previous account must still be of this family (it may have been unlinked since)
    const family = await familyOf(db, user.accountId);
    if (!family.members.includes(previous)) throw forbidden('NotLinked', { title: 'accounts.notLinked' });
    return switchTo(request, user, reply, previous, null, 'account-switch-back');
  });

  route(app, accountRelationCalls.unlink, async (request) => {
    const user = request.user!;
    const targetId = parseIntId(request.params.accountId);
    const family = await familyOf(db, user.accountId);
    if (targetId === null || !family.members.includes(targetId) || targetId === family.mainAccountId) throw accountNotFound();
    // only the main account's session unlinks: a linked account cannot cut the family it was added to
    if (family.mainAccountId !== user.accountId) throw forbidden('NotMainAccount', { title: 'accounts.onlyMain' });
    const [target] = await db.select().from(accounts).where(eq(accounts.id, targetId)).limit(1);
    await db.transaction(async (tx) => {
      if (!(await unlink(tx, user.accountId, targetId))) throw accountNotFound();
      await audit(request, { action: 'account-unlink', table: 'account_links', recordId: targetId, before: { mainAccountId: user.accountId, linkedAccountId: targetId, fullName: target ? fullName(target) : null } }, tx);
    });
    return { ok: true as const };
  });
};
