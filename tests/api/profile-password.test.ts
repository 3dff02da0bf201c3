import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { createSession, SESSION_COOKIE } from '../../server/auth/context.js';
import { verifyPassword } from '../../server/auth/password.js';
import { embeddedIssuer } from '../../server/auth/provider.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { accounts, identityUsers } from '../../server/db/schema/index.js';
import type { Db } from '../../server/db/client.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { TEMPLATE_FILE } from './support/global-setup.js';
import { addIdentityUser } from './support/identity.js';

/**
 * /profile/password (issue 13 item 4): has-password, set and change against the embedded identity
 * provider; secrets in the body (Set's query form accepted too) and never logged; an external
 * provider manages passwords itself.
 */
let t: TestApp;

/** A signed-in account of the embedded provider's user (what a real sign-in makes). */
async function embeddedUser(app: App, db: Db, o: { password?: string } = {}) {
  const identity = await addIdentityUser(db, { password: o.password ?? 'old-password' });
  const [row] = await db
    .insert(accounts)
    .values({ subject: String(identity.id), issuer: embeddedIssuer(app.config), email: identity.login, firstName: 'Тест', lastName: 'Пароль', role: 'Students' })
    .returning({ id: accounts.id });
  const cookie = `${SESSION_COOKIE}=${await createSession(db, row.id, 1)}`;
  return { ...identity, accountId: row.id, headers: { cookie, 'accept-language': 'en' } };
}
const hashOf = async (db: Db, id: number) => (await db.select().from(identityUsers).where(eq(identityUsers.id, id)))[0].passwordHash;
const post = (headers: Record<string, string>, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});

describe('has-password', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Password/HasPassword' })).statusCode).toBe(401);
    expect((await post({}, '/api/Password/Change', { oldPassword: 'a', newPassword: 'b', repeat: 'b' })).statusCode).toBe(401);
    expect((await post({}, '/api/Password/Set?Value=abcdefgh&Repeat=abcdefgh')).statusCode).toBe(401);
  });

  it('an embedded user has one; an account of another issuer is not managed here', async () => {
    const u = await embeddedUser(t.app, t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/Password/HasPassword', headers: u.headers })).json()).toEqual({ managed: true, hasPassword: true });
    const foreign: SignedIn = await t.signIn('Students');
    expect((await t.app.inject({ method: 'GET', url: '/api/Password/HasPassword', headers: foreign.headers })).json()).toEqual({ managed: false, hasPassword: false });
    const r = await post({ ...foreign.headers, 'accept-language': 'en' }, '/api/Password/Change', { oldPassword: 'x', newPassword: 'new-password', repeat: 'new-password' });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('PasswordNotManaged');
  });
});

describe('change', () => {
  it('changes the password with the right current one: the new one signs in, the old one no longer', async () => {
    const u = await embeddedUser(t.app, t.db);
    const r = await post(u.headers, '/api/Password/Change', { oldPassword: 'old-password', newPassword: 'new-password', repeat: 'new-password' });
    expect(r.statusCode, r.body).toBe(200);
    const hash = await hashOf(t.db, u.id);
    expect(await verifyPassword('new-password', hash)).toBe(true);
    expect(await verifyPassword('old-password', hash)).toBe(false);
  });

  it('refuses a wrong current password, a short or mismatched new one, changing nothing', async () => {
    const u = await embeddedUser(t.app, t.db);
    const before = await hashOf(t.db, u.id);
    const wrong = await post(u.headers, '/api/Password/Change', { oldPassword: 'guess', newPassword: 'new-password', repeat: 'new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ ErrorCode: 'WrongPassword', errors: { oldPassword: 'Wrong current password' } });
    const short = await post(u.headers, '/api/Password/Change', { oldPassword: 'old-password', newPassword: 'short', repeat: 'short' });
    expect(short.json().errors).toEqual({ newPassword: 'Please enter data more than 8 characters' });
    const mismatch = await post(u.headers, '/api/Password/Change', { oldPassword: 'old-password', newPassword: 'new-password', repeat: 'new-passw0rd' });
    expect(mismatch.json().errors).toEqual({ repeat: 'The passwords do not match' });
    expect(await hashOf(t.db, u.id)).toBe(before);
  });

  it("guessing the current password is limited like sign-in: after LOGIN_MAX_FAILURES even the right one is refused (429)", async () => {
    const u = await embeddedUser(t.app, t.db);
    for (let i = 0; i < 3; i++) {
      const r = await post(u.headers, '/api/Password/Change', { oldPassword: `guess-${i}`, newPassword: 'new-password', repeat: 'new-password' });
      expect(r.statusCode).toBe(i < 2 ? 400 : 429);
    }
    const right = await post(u.headers, '/api/Password/Change', { oldPassword: 'old-password', newPassword: 'new-password', repeat: 'new-password' });
    expect(right.statusCode).toBe(429);
    expect(right.json().ErrorCode).toBe('TooManyRequests');
    expect(await verifyPassword('old-password', await hashOf(t.db, u.id))).toBe(true);
  });

  it("changes only the caller's own password", async () => {
    const a = await embeddedUser(t.app, t.db);
    const b = await embeddedUser(t.app, t.db);
    const before = await hashOf(t.db, b.id);
    expect((await post(a.headers, '/api/Password/Change', { oldPassword: 'old-password', newPassword: 'mine-only-1', repeat: 'mine-only-1' })).statusCode).toBe(200);
    expect(await hashOf(t.db, b.id)).toBe(before);
  });
});

describe('set', () => {
  it('sets a password where none is set, from the body or the spec’s query form', async () => {
    const a = await embeddedUser(t.app, t.db);
    await t.db.update(identityUsers).set({ passwordHash: '' }).where(eq(identityUsers.id, a.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/Password/HasPassword', headers: a.headers })).json().hasPassword).toBe(false);
    const r = await post(a.headers, '/api/Password/Set', { value: 'first-password', repeat: 'first-password' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await verifyPassword('first-password', await hashOf(t.db, a.id))).toBe(true);

    const b = await embeddedUser(t.app, t.db);
    await t.db.update(identityUsers).set({ passwordHash: '' }).where(eq(identityUsers.id, b.id));
    const q = await post(b.headers, '/api/Password/Set?Value=query-password&Repeat=query-password');
    expect(q.statusCode, q.body).toBe(200);
    expect(await verifyPassword('query-password', await hashOf(t.db, b.id))).toBe(true);
  });

  it('refuses to overwrite a password that is set (Change asks for the current one), and a mismatch', async () => {
    const u = await embeddedUser(t.app, t.db);
    const before = await hashOf(t.db, u.id);
    const r = await post(u.headers, '/api/Password/Set', { value: 'taken-over-1', repeat: 'taken-over-1' });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('PasswordAlreadySet');
    await t.db.update(identityUsers).set({ passwordHash: '' }).where(eq(identityUsers.id, u.id));
    const mismatch = await post(u.headers, '/api/Password/Set', { value: 'first-password', repeat: 'other-password' });
    expect(mismatch.json().errors).toEqual({ repeat: 'The passwords do not match' });
    expect(await hashOf(t.db, u.id)).toBe('');
    expect(before).not.toBe('');
  });
});

describe('secrets are never logged', () => {
  const lines: string[] = [];
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]), migrate: false });
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false' }), database, logger: { level: 'trace', stream } });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('logs neither the query form of Set nor the bodies of Set and Change', async () => {
    const u = await embeddedUser(app, app.db);
    await app.db.update(identityUsers).set({ passwordHash: '' }).where(eq(identityUsers.id, u.id));
    const set = await app.inject({ method: 'POST', url: '/api/Password/Set?Value=SecretInQuery1&Repeat=SecretInQuery1', headers: u.headers });
    expect(set.statusCode, set.body).toBe(200);
    await app.inject({ method: 'POST', url: '/api/Password/Change', headers: u.headers, payload: { oldPassword: 'SecretInQuery1', newPassword: 'SecretInBody22', repeat: 'SecretInBody22' } });
    await app.inject({ method: 'GET', url: '/api/profile/properties', headers: u.headers });
    const log = lines.join('');
    expect(log).toContain('/api/profile/properties'); // the logger does log requests
    expect(log).not.toContain('SecretIn');
  });
});

describe('with an external identity provider', () => {
  let ext: TestApp;
  beforeAll(async () => {
    ext = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/elp', OIDC_CLIENT_ID: 'elp-web', OIDC_CLIENT_SECRET: 'external-secret' });
  });

  it('manages no password here: has-password says so and Change/Set answer 400, even for a leftover embedded user', async () => {
    // an account still pointing at a user of the embedded provider (the provider was switched to an external one)
    const u = await embeddedUser(ext.app, ext.db);
    const before = await hashOf(ext.db, u.id);
    expect((await ext.app.inject({ method: 'GET', url: '/api/Password/HasPassword', headers: u.headers })).json()).toEqual({ managed: false, hasPassword: false });
    for (const url of ['/api/Password/Change', '/api/Password/Set']) {
      const r = await ext.app.inject({ method: 'POST', url, headers: u.headers, payload: { oldPassword: 'old-password', newPassword: 'new-password', value: 'new-password', repeat: 'new-password' } });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().ErrorCode, url).toBe('PasswordNotManaged');
    }
    expect(await hashOf(ext.db, u.id)).toBe(before);
  });
});
