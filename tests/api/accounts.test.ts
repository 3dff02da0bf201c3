import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountLinks, accounts, auditLog, sessions } from '../../server/db/schema/index.js';
import { hashToken } from '../../server/auth/context.js';
import { createTestApp } from './support/app.js';
import { addIdentityUser } from './support/identity.js';

/**
 * Issue 13 item 5: linked accounts (spec 1 §2.3 `/accounts`, §6) — link by e-mail and password of
 * the embedded provider, list, switch into a linked account and back, unlink; each switch audited.
 */
const t = await createTestApp();

type Who = { headers: { cookie: string } };
const cookieOf = (setCookie: unknown) => {
  const m = /elp_sid=([^;]+)/.exec(String(setCookie));
  if (!m) throw new Error('no session cookie set');
  return { headers: { cookie: `elp_sid=${m[1]}` }, token: m[1] };
};
const state = async (who: Who) => (await t.app.inject({ method: 'GET', url: '/api/account/current-state', headers: who.headers })).json();
const list = (who: Who) => t.app.inject({ method: 'GET', url: '/api/account/relation/List', headers: who.headers });
const add = (who: Who, login: string, password = 'demo') => t.app.inject({ method: 'POST', url: '/api/account/relation/Add', headers: who.headers, payload: { login, password } });
const post = (who: Who, url: string) => t.app.inject({ method: 'POST', url, headers: who.headers });
const linksOf = (main: number) => t.db.select().from(accountLinks).where(eq(accountLinks.mainAccountId, main));

/** A student with a second (teacher) account of the embedded provider linked to it. */
async function family() {
  const main = await t.signIn('Students');
  const teacher = await addIdentityUser(t.db, { role: 'Instructors' });
  const res = await add(main, teacher.login);
  expect(res.statusCode).toBe(201);
  return { main, teacher, linkedId: res.json().accountId as number };
}

describe('linking an account', () => {
  it('links by e-mail and password, lists both, and says already added the second time', async () => {
    const { main, teacher, linkedId } = await family();
    const rows = (await list(main)).json();
    expect(rows).toEqual([
      expect.objectContaining({ accountId: main.accountId, isMain: true, isCurrent: true }),
      expect.objectContaining({ accountId: linkedId, eMail: teacher.login, isMain: false, isCurrent: false, fullName: 'Пользователь Тест' }),
    ]);
    const again = await add(main, teacher.login.toUpperCase());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ ErrorCode: 'UserAlreadyAdded', Title: 'Пользователь уже добавлен' });
    expect(await linksOf(main.accountId)).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account-link'), eq(auditLog.accountId, main.accountId)));
    expect(entry.recordId).toBe(String(linkedId));
  });

  it('refuses a wrong password or an unknown login with 404 and links nothing', async () => {
    const main = await t.signIn('Students');
    const other = await addIdentityUser(t.db);
    for (const res of [await add(main, other.login, 'wrong'), await add(main, 'nobody@example.com')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ErrorCode: 'IncorrectLoginOrPassword', Title: 'Неверный логин или пароль' });
    }
    expect(await linksOf(main.accountId)).toHaveLength(0);
  });

  it('counts wrong passwords with the sign-in limiter: guessing through the linking form locks the login', async () => {
    const main = await t.signIn('Students');
    const victim = await addIdentityUser(t.db);
    for (let i = 0; i < 5; i++) await add(main, victim.login, `guess${i}`);
    const right = await add(main, victim.login, 'demo');
    expect(right.statusCode).toBe(429);
    expect(await linksOf(main.accountId)).toHaveLength(0);
  });

  it('refuses an account linked to another main account, and bad input', async () => {
    const { teacher } = await family();
    const intruder = await t.signIn('Students');
    const res = await add(intruder, teacher.login);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('LinkedElsewhere');
    const empty = await t.app.inject({ method: 'POST', url: '/api/account/relation/Add', headers: intruder.headers, payload: { login: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(['login', 'password']));
    expect(await linksOf(intruder.accountId)).toHaveLength(0);
  });

  it('answers 401 to a guest on every relation call', async () => {
    const guest = { headers: { cookie: '' } };
    for (const res of [await list(guest), await add(guest, 'x@example.com'), await post(guest, '/api/account/relation/Login/1'), await post(guest, '/api/account/relation/LoginToMain'), await post(guest, '/api/account/relation/Logout'), await t.app.inject({ method: 'DELETE', url: '/api/account/relation/1' })]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('switching', () => {
  it('switches into the linked account with a new session id, says so in current-state, and back', async () => {
    const { main, linkedId } = await family();
    const res = await post(main, `/api/account/relation/Login/${linkedId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountId: linkedId, role: 'Instructors' });
    const linked = cookieOf(res.headers['set-cookie']);
    expect(linked.headers.cookie).not.toBe(main.headers.cookie);
    // the old session is gone (no fixation, no second switch from it)
    expect((await state(main)).role).toBe('Guest');
    expect(await t.db.select().from(sessions).where(eq(sessions.id, hashToken(main.cookie.split('=')[1])))).toHaveLength(0);
    expect(await state(linked)).toMatchObject({ accountId: linkedId, role: 'Instructors', isMain: false, canSwitchBack: true });

    const back = await post(linked, '/api/account/relation/Logout');
    expect(back.statusCode).toBe(200);
    const again = cookieOf(back.headers['set-cookie']);
    expect(await state(again)).toMatchObject({ accountId: main.accountId, isMain: true, canSwitchBack: false });
    expect((await state(linked)).role).toBe('Guest');

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.accountId, main.accountId));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['account-link', 'account-switch']));
    const [backEntry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account-switch-back'), eq(auditLog.accountId, linkedId)));
    expect(backEntry.after).toEqual({ accountId: main.accountId });
  });

  it('switches from the linked account to the main one and keeps the session expiry', async () => {
    const { main, linkedId } = await family();
    const [before] = await t.db.select().from(sessions).where(eq(sessions.accountId, main.accountId));
    const linked = cookieOf((await post(main, `/api/account/relation/Login/${linkedId}`)).headers['set-cookie']);
    const res = await post(linked, '/api/account/relation/LoginToMain');
    expect(res.statusCode).toBe(200);
    const back = cookieOf(res.headers['set-cookie']);
    expect(await state(back)).toMatchObject({ accountId: main.accountId, isMain: true, canSwitchBack: true });
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, hashToken(back.token)));
    expect(Math.abs(after.expiresAt.getTime() - before.expiresAt.getTime())).toBeLessThan(5_000);
    // already in the main account
    const twice = await post(back, '/api/account/relation/LoginToMain');
    expect(twice.statusCode).toBe(400);
  });

  it('never switches into an account outside the family', async () => {
    const { main } = await family();
    const stranger = await t.signIn('Root');
    const res = await post(main, `/api/account/relation/Login/${stranger.accountId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorCode).toBe('AccountNotFound');
    expect(await state(main)).toMatchObject({ accountId: main.accountId });
    const junk = await post(main, '/api/account/relation/Login/abc');
    expect(junk.statusCode).toBe(404);
    // a main account has no main to switch to, and a fresh session nothing to go back to
    expect((await post(main, '/api/account/relation/LoginToMain')).statusCode).toBe(400);
    expect((await post(main, '/api/account/relation/Logout')).json().ErrorCode).toBe('NoPreviousAccount');
  });

  it('refuses a switch posted from another site (CSRF) and keeps the session', async () => {
    const { main, linkedId } = await family();
    const res = await t.app.inject({ method: 'POST', url: `/api/account/relation/Login/${linkedId}`, headers: { ...main.headers, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await state(main)).toMatchObject({ accountId: main.accountId, isMain: true });
  });

  it('does not switch back into an account unlinked since', async () => {
    const { main, linkedId } = await family();
    const linked = cookieOf((await post(main, `/api/account/relation/Login/${linkedId}`)).headers['set-cookie']);
    await t.db.delete(accountLinks).where(eq(accountLinks.linkedAccountId, linkedId));
    const res = await post(linked, '/api/account/relation/Logout');
    expect(res.statusCode).toBe(403);
    expect(await state(linked)).toMatchObject({ accountId: linkedId });
  });
});

describe('unlinking', () => {
  it('unlinks from the main account only, and the linked account can no longer switch to it', async () => {
    const { main, linkedId } = await family();
    const linkedSession = await t.signIn('Instructors');
    await t.db.update(sessions).set({ accountId: linkedId }).where(eq(sessions.accountId, linkedSession.accountId));
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/account/relation/${linkedId}`, headers: linkedSession.headers });
    expect(refused.statusCode).toBe(403);
    expect(await linksOf(main.accountId)).toHaveLength(1);

    const other = await t.signIn('Students');
    const notTheirs = await t.app.inject({ method: 'DELETE', url: `/api/account/relation/${linkedId}`, headers: other.headers });
    expect(notTheirs.statusCode).toBe(404);
    expect(await linksOf(main.accountId)).toHaveLength(1);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/account/relation/${linkedId}`, headers: main.headers });
    expect(res.statusCode).toBe(200);
    expect(await linksOf(main.accountId)).toHaveLength(0);
    expect((await list(main)).json()).toHaveLength(1);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, linkedId));
    expect(row).toBeTruthy();
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account-unlink'), eq(auditLog.accountId, main.accountId)));
    expect(entry.recordId).toBe(String(linkedId));
  });
});
