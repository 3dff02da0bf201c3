import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts } from '../../server/db/schema/index.js';
import { createSession, SESSION_COOKIE } from '../../server/auth/context.js';
import { createTestApp } from './support/app.js';

/**
 * With OIDC_ISSUER set, ELP is only a relying party: no /oidc, and nothing calls the issuer
 * before a sign-in or sign-out. The issuer here is a discovery document on loopback.
 */
const requests: string[] = [];
const idp = createServer((req, res) => {
  requests.push(req.url ?? '');
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/elp`;
  if (req.url !== '/realms/elp/.well-known/openid-configuration') return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/certs`,
      end_session_endpoint: `${issuer}/logout`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    }),
  );
});
await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => idp.close(() => resolve())));
const ISSUER = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/elp`;

const t = await createTestApp({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'elp-web', OIDC_CLIENT_SECRET: 'external-secret' });

describe('external OpenID Connect provider', () => {
  it('does not mount the embedded provider', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/auth', '/oidc/interaction/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().ErrorCode).toBe('RouteNotFound');
    }
    expect(requests).toEqual([]);
  });

  it('still answers the account calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Login/AuthType' })).json().authType).toBe('oidc');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/current-state' })).json().role).toBe('Guest');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/logout' })).body).toBe('/welcome');
  });

  it('signs out through the provider’s end_session_endpoint with id_token_hint and post_logout_redirect_uri', async () => {
    const [account] = await t.db
      .insert(accounts)
      .values({ issuer: ISSUER, subject: 'ext-1', email: 'ext@example.org', firstName: 'E', lastName: 'X', role: 'Students' })
      .returning();
    const token = await createSession(t.db, account.id, 1, { idToken: 'header.payload.signature' });
    const res = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    const next = new URL(res.body);
    expect(next.origin + next.pathname).toBe(`${ISSUER}/logout`);
    expect(next.searchParams.get('id_token_hint')).toBe('header.payload.signature');
    expect(next.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/welcome');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/current-state', headers: { cookie: `${SESSION_COOKIE}=${token}` } })).json().role).toBe('Guest');
  });
});
