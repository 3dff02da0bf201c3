import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oidcStore, sessions } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { Browser } from './support/browser.js';
import { addIdentityUser } from './support/identity.js';

/**
 * Issue 10 item 10: signing out of ELP ends the embedded provider's session too, so the
 * next "Sign in" on a shared lab computer asks for the password instead of signing the
 * previous student straight back in.
 */
const t = await createTestApp();

/** Answers where /api/auth/login leads this browser: the login form, or straight back signed in. */
async function startSignIn(b: Browser): Promise<'login form' | 'signed in'> {
  let res = await b.request('GET', '/api/auth/login');
  for (let i = 0; i < 10 && res.statusCode >= 300 && res.statusCode < 400; i++) {
    if (String(res.headers.location).includes('/api/auth/callback')) {
      await b.request('GET', String(res.headers.location));
      return 'signed in';
    }
    res = await b.request('GET', String(res.headers.location));
  }
  expect(res.statusCode).toBe(200);
  expect(res.body).toMatch(/name="password"/);
  return 'login form';
}

describe('sign-out', () => {
  it('signs in, signs out, and the next sign-in shows the login form', async () => {
    const { login } = await addIdentityUser(t.db);
    const b = new Browser(t.app);
    const { action } = await b.openLoginPage();
    await b.submitLogin(action, login);
    expect((await b.state()).role).toBe('Students');

    const logout = await b.request('POST', '/api/account/logout?frontend=true');
    // the client opens the answer (a page that still asked for confirmation used to be the provider's)
    await b.request('GET', logout.body);
    expect((await b.state()).role).toBe('Guest');

    // the browser still holds the provider's cookie; the session it names is gone
    expect(b.get('elp_op_session')).toBeTruthy();
    expect(await startSignIn(b)).toBe('login form');
    expect(logout.body).toBe('/welcome');
  });

  it('removes the provider session and its grant with the tokens issued under it', async () => {
    const { login } = await addIdentityUser(t.db);
    const b = new Browser(t.app);
    const { action } = await b.openLoginPage();
    await b.submitLogin(action, login);
    const { accountId } = await b.state();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.accountId, accountId!));
    expect(row.providerSession).toBeTruthy();
    const [op] = await t.db.select().from(oidcStore).where(and(eq(oidcStore.model, 'Session'), eq(oidcStore.uid, row.providerSession!)));
    const grantId = (op.payload.authorizations as Record<string, { grantId: string }>).elp.grantId;
    expect(await t.db.select().from(oidcStore).where(eq(oidcStore.grantId, grantId))).not.toHaveLength(0);

    await b.request('POST', '/api/account/logout');
    expect(await t.db.select().from(oidcStore).where(eq(oidcStore.uid, row.providerSession!))).toHaveLength(0);
    expect(await t.db.select().from(oidcStore).where(eq(oidcStore.grantId, grantId))).toHaveLength(0);
    expect(await t.db.select().from(oidcStore).where(eq(oidcStore.key, `Grant:${grantId}`))).toHaveLength(0);
  });

  it('leaves the same person signed in on another computer', async () => {
    const { login } = await addIdentityUser(t.db);
    const lab = new Browser(t.app);
    const home = new Browser(t.app);
    for (const b of [lab, home]) {
      const { action } = await b.openLoginPage();
      await b.submitLogin(action, login);
    }
    await lab.request('POST', '/api/account/logout');
    expect((await home.state()).role).toBe('Students');
    // home's provider session still stands: a new ELP sign-in there needs no password
    expect(await startSignIn(home)).toBe('signed in');
    expect(await startSignIn(lab)).toBe('login form');
  });
});
