import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.js';

/** With OIDC_ISSUER set, ELP is only a relying party: no /oidc, and nothing calls the issuer before a sign-in. */
const t = await createTestApp({
  OIDC_ISSUER: 'https://id.example.org/realms/elp',
  OIDC_CLIENT_ID: 'elp-web',
  OIDC_CLIENT_SECRET: 'external-secret',
});

describe('external OpenID Connect provider', () => {
  it('does not mount the embedded provider', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/auth', '/oidc/interaction/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().ErrorCode).toBe('RouteNotFound');
    }
  });

  it('still answers the account calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Login/AuthType' })).json().authType).toBe('oidc');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/current-state' })).json().role).toBe('Guest');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/logout' })).body).toBe('/welcome');
  });
});
