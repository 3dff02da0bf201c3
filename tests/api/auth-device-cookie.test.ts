import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, DeviceCookies } from '../../server/auth/deviceCookie.js';
import { createTestApp } from './support/app.js';
import { Browser, signInThroughProvider } from './support/browser.js';
import { addIdentityUser } from './support/identity.js';

/**
 * Issue 29 item 1: someone else's wrong passwords never lock the owner out. A browser that signed
 * in before holds a device cookie for the account (OWASP "device cookies"): it is exempt from the
 * account's lock and has a counter of its own; every other client shares the account's counter,
 * so a guesser who then types the right password is still refused. The same for the link form.
 */
const t = await createTestApp();

/** Eight wrong passwords for the login from one browser (a guest on the sign-in page); answers the statuses. */
async function guessOnSignInPage(guesser: Browser, login: string, times = 8): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const { action } = await guesser.openLoginPage();
    statuses.push((await guesser.request('POST', action, { login, password: `wrong-${i}` })).statusCode);
  }
  return statuses;
}

async function tryPassword(b: Browser, login: string, password: string) {
  const { action } = await b.openLoginPage();
  return b.request('POST', action, { login, password });
}

/** The owner's browser: signed in once (and out again), keeping its device cookie. */
async function ownersBrowser(login: string): Promise<Browser> {
  const { browser } = await signInThroughProvider(t.app, login);
  expect(browser.get(DEVICE_COOKIE)).toBeTruthy();
  browser.cookies = browser.cookies.filter((c) => c.name === DEVICE_COOKIE);
  return browser;
}

describe('device cookies on the sign-in page', () => {
  it('lets the owner in from their own browser after 8 wrong guesses by another, while the guesser is refused the right password', async () => {
    const owner = await addIdentityUser(t.db);
    const browser = await ownersBrowser(owner.login);
    const guesser = new Browser(t.app);
    const statuses = await guessOnSignInPage(guesser, owner.login);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429, 429, 429]);

    const refused = await tryPassword(guesser, owner.login, 'demo');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Повторите через \d+ мин\./);
    // a fresh browser is untrusted too
    expect((await tryPassword(new Browser(t.app), owner.login, 'demo')).statusCode).toBe(429);

    const { action } = await browser.openLoginPage();
    const landing = await browser.submitLogin(action, owner.login);
    expect(landing).not.toContain('loginError');
    expect((await browser.state()).role).toBe('Students');
    // the owner's success does not lift the guesser's lock
    expect((await tryPassword(guesser, owner.login, 'demo')).statusCode).toBe(429);
  });

  it('counts a trusted browser’s own wrong passwords on its own counter', async () => {
    const owner = await addIdentityUser(t.db);
    const browser = await ownersBrowser(owner.login);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await tryPassword(browser, owner.login, `typo-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await tryPassword(browser, owner.login, 'demo')).statusCode).toBe(429);
    // the other clients were not locked by the owner's typos
    const other = new Browser(t.app);
    const { action } = await other.openLoginPage();
    await other.submitLogin(action, owner.login);
  });

  it('gives no exemption for a forged cookie or another account’s cookie', async () => {
    const owner = await addIdentityUser(t.db);
    const someoneElse = await addIdentityUser(t.db);
    const theirBrowser = await ownersBrowser(someoneElse.login);
    const theirs = theirBrowser.get(DEVICE_COOKIE)!;
    await guessOnSignInPage(new Browser(t.app), owner.login, 5);

    // another account's valid cookie; the same cookie with the id swapped; one signed with another key
    const [, nonce, mac] = theirs.split('.');
    const forged = [theirs, `${owner.id}.${nonce}.${mac}`, new DeviceCookies(Buffer.alloc(32, 7)).issue(undefined, owner.id)];
    for (const value of forged) {
      const b = new Browser(t.app);
      b.cookies.push({ name: DEVICE_COOKIE, value, path: '/' });
      expect((await tryPassword(b, owner.login, 'demo')).statusCode, value).toBe(429);
    }
  });
});

describe('device cookies on the link-account form', () => {
  const add = (cookie: string, login: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/relation/Add', headers: { cookie }, payload: { login, password } });

  it('another student’s guesses through the link form lock the guesser, not the owner', async () => {
    const owner = await addIdentityUser(t.db);
    const browser = await ownersBrowser(owner.login);
    const guesser = await t.signIn('Students');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await add(guesser.headers.cookie, owner.login, `guess-${i}`)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
    const refused = await add(guesser.headers.cookie, owner.login, 'demo');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Title).toMatch(/Повторите через \d+ мин\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // the owner signs in from their browser
    const { action } = await browser.openLoginPage();
    await browser.submitLogin(action, owner.login);
    expect((await browser.state()).role).toBe('Students');
  });

  it('lets the owner link an account their browser signed in to, although guessers locked it', async () => {
    const main = await addIdentityUser(t.db);
    const second = await addIdentityUser(t.db, { role: 'Instructors' });
    const browser = await ownersBrowser(second.login);
    const { action } = await browser.openLoginPage();
    await browser.submitLogin(action, main.login);
    await guessOnSignInPage(new Browser(t.app), second.login, 6);
    const res = await browser.request('POST', '/api/account/relation/Add', JSON.stringify({ login: second.login, password: 'demo' }), {
      'content-type': 'application/json',
      origin: browser.origin,
    });
    expect(res.statusCode).toBe(201);
  });
});
