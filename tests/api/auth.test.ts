import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../server/db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/db/seed/index.js';
import { loadAuthSecrets } from '../../server/auth/secrets.js';
import { AccountCreateError, upsertAccountFromClaims } from '../../server/auth/accountStore.js';
import { FLAGS } from '../../shared/permissions.js';
import { createTestApp } from './support/app.js';
import { Browser as BaseBrowser, signInThroughProvider as signInAs } from './support/browser.js';

const t = await createTestApp();
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  await seedDemo(t.db);
});

class Browser extends BaseBrowser {
  constructor(headers: Record<string, string> = {}) {
    super(t.app, headers, ORIGIN);
  }
}

const signInThroughProvider = (login: string, password = 'demo', returnTo?: string) => signInAs(t.app, login, password, returnTo);

describe('embedded provider at /oidc', () => {
  it('publishes its discovery document with the issuer under /oidc, S256 PKCE only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`${ORIGIN}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${ORIGIN}/oidc/auth`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toContain('elp');
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['role', 'accessToPhysical', 'Role_AdminPanelAccess', 'given_name']));
  });

  it('keeps its signing keys and secrets in the database (the same after a restart)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/oidc/jwks', headers: { host: 'localhost:3000' } })).json();
    const again = await loadAuthSecrets(t.db, t.app.config);
    expect(doc.keys.map((k: { kid: string }) => k.kid)).toEqual(again.jwks.keys.map((k) => k.kid));
    expect(doc.keys[0].d).toBeUndefined();
  });

  it('refuses an authorization request without PKCE', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=elp&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${ORIGIN}/api/auth/callback`)}`,
      headers: { host: 'localhost:3000' },
    });
    // the error goes back to the registered redirect_uri, as OAuth prescribes
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/api/auth/callback`);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toContain('PKCE');
  });
});

describe('login page', () => {
  it('is Russian by default, with fields login and password, a language link and no script', async () => {
    const { page } = await new Browser().openLoginPage();
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toContain('Вход в ELP');
    expect(page.body).toMatch(/name="login"/);
    expect(page.body).toMatch(/name="password" type="password"/);
    expect(page.body).toMatch(/href="\/oidc\/interaction\/[^"?]+\?lang=en"/);
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('is English for an English browser, and the language link switches and remembers it', async () => {
    const en = await new Browser({ 'accept-language': 'en-GB,en;q=0.9' }).openLoginPage();
    expect(en.page.body).toContain('<html lang="en">');
    expect(en.page.body).toContain('Sign in to ELP');

    const b = new Browser();
    const { action } = await b.openLoginPage();
    const switched = await b.request('GET', `${action}?lang=en`);
    expect(switched.body).toContain('Sign in to ELP');
    expect(b.get('elp_lang')).toBe('en');
  });

  it('serves its stylesheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/assets/elp.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/css/);
  });

  it('re-renders the form with an error and the login kept (escaped) after a wrong password', async () => {
    const b = new Browser();
    const { action } = await b.openLoginPage();
    const res = await b.request('POST', action, { login: 'student@example.com"><b>', password: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Неверный логин или пароль');
    expect(res.body).toContain('value="student@example.com&quot;&gt;&lt;b&gt;"');
    expect(res.body).not.toContain('"><b>');

    const en = new Browser({ 'accept-language': 'en' });
    const p = await en.openLoginPage();
    const wrong = await en.request('POST', p.action, { login: 'teacher@example.com', password: 'wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Incorrect login or password');
    expect(wrong.body).toContain('value="teacher@example.com"');
  });

  it('limits repeated failures per account: the fifth failure and later attempts get 429', async () => {
    const b = new Browser();
    const { action } = await b.openLoginPage();
    for (let i = 1; i <= 4; i++) {
      const res = await b.request('POST', action, { login: 'student2@example.com', password: `bad${i}` });
      expect(res.statusCode).toBe(401);
    }
    const fifth = await b.request('POST', action, { login: 'student2@example.com', password: 'bad5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toContain('Слишком много неудачных попыток входа');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    // even the right password waits now
    const right = await b.request('POST', action, { login: 'Student2@example.com', password: 'demo' });
    expect(right.statusCode).toBe(429);
    // another login from the same address is not affected
    const other = await b.request('POST', action, { login: 'teacher@example.com', password: 'wrong' });
    expect(other.statusCode).toBe(401);
  });

  it('answers an unknown or finished interaction with a restart page', async () => {
    const res = await new Browser().request('GET', '/oidc/interaction/unknown-uid');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('href="/api/auth/login"');
  });
});

describe('full sign-in round trip for every demo account', () => {
  const expected: Record<string, string> = { Students: '/my-courses', Instructors: '/courses', Root: '/courses' };

  for (const demo of DEMO_ACCOUNTS.filter((a) => a.login !== 'student2@example.com')) {
    it(`${demo.login} (${demo.description}) signs in, sees role and flags, and signs out`, async () => {
      const b = new Browser();
      const { action } = await b.openLoginPage();
      const wrong = await b.request('POST', action, { login: demo.login, password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain(`value="${demo.login}"`);

      const posted = await b.request('POST', action, { login: demo.login, password: 'demo' });
      expect(posted.statusCode).toBe(303);
      let res = posted;
      while (!String(res.headers.location).startsWith(`${ORIGIN}/api/auth/callback`)) {
        res = await b.request('GET', String(res.headers.location));
        expect([302, 303]).toContain(res.statusCode);
      }
      const callback = await b.request('GET', String(res.headers.location));
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(expected[demo.role]);
      expect(b.get('elp_sid')).toBeTruthy();
      expect(String(callback.headers['set-cookie'])).toMatch(/elp_sid=[^;]+;.*HttpOnly/i);

      const state = await b.state();
      expect(state.role).toBe(demo.role);
      expect([...state.permissions].sort()).toEqual([...demo.flags].sort());
      expect(state.accessToPhysical).toBe(demo.accessToPhysical);
      expect(state.eMail).toBe(demo.login);
      expect(state.firstname).toBe(demo.firstName);
      expect(state.surname).toBe(demo.lastName);
      expect(state.isMain).toBe(true);
      expect(state.canSwitchBack).toBe(false);
      // the demo users' addresses are verified at the provider
      const [row] = await t.db.select({ emailConfirmed: accounts.emailConfirmed }).from(accounts).where(eq(accounts.id, state.accountId!));
      expect(row.emailConfirmed).toBe(true);

      const exists = await b.request('GET', '/api/account/CheckExistAccount');
      expect(exists.statusCode).toBe(200);
      expect(exists.json()).toEqual({ exists: true, accountId: state.accountId });

      // the embedded provider's session ends on the server too: nothing left to visit
      const logout = await b.request('POST', '/api/account/logout?frontend=true');
      expect(logout.statusCode).toBe(200);
      expect(logout.headers['content-type']).toMatch(/^text\/plain/);
      expect(logout.body).toBe('/welcome');

      expect((await b.state()).role).toBe('Guest');
      const rows = await t.db.select().from(sessions).where(eq(sessions.accountId, state.accountId!));
      expect(rows).toHaveLength(0);
      expect((await b.request('GET', '/api/account/CheckExistAccount')).statusCode).toBe(401);
    });
  }

  it('the instructor demo account holds every flag', async () => {
    const { browser } = await signInThroughProvider('instructor@example.com');
    expect([...(await browser.state()).permissions].sort()).toEqual([...FLAGS].sort());
  });

  it('returns to returnTo after sign-in, and a second sign-in reuses the account', async () => {
    const first = await signInThroughProvider('root@example.com', 'demo', '/programs?tab=2');
    expect(first.landing).toBe('/programs?tab=2');
    const id = (await first.browser.state()).accountId;
    const second = await signInThroughProvider('ROOT@example.com');
    expect((await second.browser.state()).accountId).toBe(id);
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, 'root@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0].issuer).toBe(`${ORIGIN}/oidc`);
  });

  it('falls back to the landing page when returnTo is a screen the role may not open', async () => {
    const { landing } = await signInThroughProvider('student@example.com', 'demo', '/programs');
    expect(landing).toBe('/my-courses');
  });

  it('completes the provider logout page (RP-initiated logout) back to /welcome', async () => {
    const { browser } = await signInThroughProvider('teacher@example.com');
    const { accountId } = await browser.state();
    const [row] = await t.db.select({ idToken: sessions.idToken }).from(sessions).where(eq(sessions.accountId, accountId!));
    const url = `/oidc/session/end?${new URLSearchParams({ id_token_hint: row.idToken!, post_logout_redirect_uri: `${ORIGIN}/welcome` })}`;
    const page = await browser.request('GET', url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Выйти из учётной записи ELP');
    expect(page.body).not.toMatch(/<script/i);
    // the provider's own pages carry the app's security headers too
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    const formAction = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(formAction && xsrf).toBeTruthy();
    const done = await browser.request('POST', formAction!, { xsrf: xsrf!, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${ORIGIN}/welcome`);
  });

  it('sends a cancelled or broken callback to /welcome with loginError naming the reason', async () => {
    const b = new Browser();
    await b.request('GET', '/api/auth/login');
    const denied = await b.request('GET', '/api/auth/callback?error=access_denied&state=x');
    expect(denied.headers.location).toBe('/welcome?loginError=AccessDenied');
    await b.request('GET', '/api/auth/login');
    const refused = await b.request('GET', '/api/auth/callback?error=invalid_request&state=x');
    expect(refused.headers.location).toBe('/welcome?loginError=ProviderError');
    // no sign-in cookie: begun at another address of the site
    const forged = await new Browser().request('GET', '/api/auth/callback?code=abc&state=def');
    expect(forged.headers.location).toBe('/welcome?loginError=SignInCookieMissing');
    // the cookie holds another (newer) flow
    await b.request('GET', '/api/auth/login');
    const older = await b.request('GET', '/api/auth/callback?code=abc&state=def');
    expect(older.headers.location).toBe('/welcome?loginError=SignInExpired');
    // a code the provider never issued
    const start = await b.request('GET', '/api/auth/login');
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const unknown = await b.request('GET', `/api/auth/callback?code=abc&state=${state}&iss=${encodeURIComponent(`${ORIGIN}/oidc`)}`);
    expect(unknown.headers.location).toBe('/welcome?loginError=ProviderError');
    expect((await b.state()).role).toBe('Guest');
  });

  it('refuses a foreign returnTo on /api/auth/login', async () => {
    const res = await new Browser().request('GET', `/api/auth/login?returnTo=${encodeURIComponent('https://evil.example/')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('ValidationError');
  });
});

describe('accounts from claims (any issuer)', () => {
  it('maps role, Role_<Flag> claims and accessToPhysical, and refreshes them at the next sign-in', async () => {
    const issuer = 'https://id.example.org';
    const first = await upsertAccountFromClaims(t.db, issuer, {
      sub: 'u-1', email: 'u1@example.org', given_name: 'Ян', family_name: 'Ли',
      role: 'Instructors', Role_ShowStudents: true, Role_TrainingSettings: 'true', Role_AdminPanelAccess: false, accessToPhysical: 'true',
    });
    expect(first).toMatchObject({ role: 'Instructors', accessToPhysical: true });
    expect([...first.flags].sort()).toEqual(['ShowStudents', 'TrainingSettings']);
    const again = await upsertAccountFromClaims(t.db, issuer, { sub: 'u-1', role: ['Students'] });
    expect(again).toMatchObject({ id: first.id, role: 'Students', flags: [], accessToPhysical: false });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, first.id));
    expect(row).toMatchObject({ firstName: 'Ян', lastName: 'Ли', email: 'u1@example.org', role: 'Students' });
  });

  it('refuses to create an account without first and last name (spec 3 §8.3b)', async () => {
    await expect(upsertAccountFromClaims(t.db, 'https://id.example.org', { sub: 'u-2', email: 'x@example.org' })).rejects.toBeInstanceOf(AccountCreateError);
  });
});

describe('account calls', () => {
  it('GET /api/Login/AuthType answers oidc', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Login/AuthType' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authType: 'oidc', loginUrl: '/api/auth/login' });
  });

  it('GET /api/account/CheckExistAccount requires a session (401 in the spec shape)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/checkexistaccount' });
    expect(res.statusCode).toBe(401);
    expect(res.json().ErrorCode).toBe('Unauthorized');
  });

  it('GET /api/account/current-state answers Guest without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/current-state' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountId: null, role: 'Guest', permissions: [], accessToPhysical: false });
  });

  it('POST /api/account/logout without a session answers /welcome', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('/welcome');
  });

  it('POST /api/account/CreateRedirectCookie rejects absolute and foreign URLs', async () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'courses', `${ORIGIN}/courses`, '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/CreateRedirectCookie', payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().ErrorCode).toBe('ValidationError');
      expect(res.json().errors.url).toBeTruthy();
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/account/CreateRedirectCookie', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('POST /api/account/CreateRedirectCookie stores a path the callback returns to', async () => {
    const b = new Browser();
    const res = await b.request('POST', '/api/account/CreateRedirectCookie?redirectToOld=false', JSON.stringify({ url: '/courses/list?page=2' }), {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/courses/list?page=2' });
    const { action } = await b.openLoginPage();
    let step = await b.request('POST', action, { login: 'instructor@example.com', password: 'demo' });
    while (!String(step.headers.location).startsWith(`${ORIGIN}/api/auth/callback`)) step = await b.request('GET', String(step.headers.location));
    const landing = await b.request('GET', String(step.headers.location));
    expect(landing.headers.location).toBe('/courses/list?page=2');
    expect(b.get('elp_return_to')).toBeUndefined();
  });
});
