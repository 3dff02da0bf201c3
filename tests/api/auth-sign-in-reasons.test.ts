import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts, identityUsers } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { Browser, signInThroughProvider } from './support/browser.js';
import { addIdentityUser } from './support/identity.js';

/**
 * Issue 29 item 6: a sign-in that cannot give the person a role in ELP, or whose identity provider
 * is down, ends on the welcome page with the reason (loginError) — not as a silent guest, not a stack.
 */
const t = await createTestApp();

/** A discovery document whose token endpoint is a closed port (the provider went down after discovery). */
let closedPort = 0;
const idp: Server = createServer((req, res) => {
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/elp`;
  if (req.url !== '/realms/elp/.well-known/openid-configuration') return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `http://127.0.0.1:${closedPort}/token`,
      jwks_uri: `${issuer}/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    }),
  );
});
await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
// a port that was free a moment ago: nothing listens there
const probe = createServer();
await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
closedPort = (probe.address() as AddressInfo).port;
await new Promise<void>((resolve) => probe.close(() => resolve()));
afterAll(() => new Promise<void>((resolve) => idp.close(() => resolve())));
const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/elp`;

describe('an identity provider that sends no role ELP knows', () => {

  it('refuses a sign-in without a role claim: no session, /welcome says RoleMissing', async () => {
    const user = await addIdentityUser(t.db, { role: '' });
    const { browser, landing } = await signInThroughProvider(t.app, user.login);
    expect(landing).toBe('/welcome?loginError=RoleMissing');
    expect((await browser.state()).role).toBe('Guest');
    expect(browser.get('elp_sid')).toBeUndefined();
  });

  it('refuses an unknown role (RoleUnknown), and takes the role away from an existing account', async () => {
    const user = await addIdentityUser(t.db, { role: 'Students' });
    const first = await signInThroughProvider(t.app, user.login);
    expect(first.landing).not.toContain('loginError');
    const [before] = await t.db.select().from(accounts).where(eq(accounts.email, user.login));
    expect(before.role).toBe('Students');
    // the provider now calls the person something ELP does not know
    await t.db.update(identityUsers).set({ role: 'Teachers' }).where(eq(identityUsers.id, user.id));
    const { landing } = await signInThroughProvider(t.app, user.login);
    expect(landing).toBe('/welcome?loginError=RoleUnknown');
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, before.id));
    expect(after.role).toBe('Guest');
  });
});

describe('an external identity provider that is down', () => {
  it('sends the browser to /welcome?loginError=ProviderUnavailable when the provider cannot be reached at all', async () => {
    const down = await createTestApp({ OIDC_ISSUER: `http://127.0.0.1:${closedPort}/realms/elp`, OIDC_CLIENT_ID: 'elp-web', OIDC_CLIENT_SECRET: 's' });
    const res = await new Browser(down.app).request('GET', '/api/auth/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/welcome?loginError=ProviderUnavailable');
  });

  it('says ProviderUnavailable, not ProviderError, when the provider goes down before the code is exchanged', async () => {
    const external = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'elp-web', OIDC_CLIENT_SECRET: 's' });
    const b = new Browser(external.app);
    const start = await b.request('GET', '/api/auth/login');
    const to = new URL(String(start.headers.location));
    expect(to.origin + to.pathname).toBe(`${issuer}/auth`);
    const state = to.searchParams.get('state')!;
    const back = await b.request('GET', `/api/auth/callback?code=abc&state=${state}&iss=${encodeURIComponent(issuer)}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/welcome?loginError=ProviderUnavailable');
    expect((await b.state()).role).toBe('Guest');
  });
});
