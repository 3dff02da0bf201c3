import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { HOST_REDIRECT_COOKIE } from '../../server/auth/publicHost.js';
import { createTestApp } from './support/app.js';

/**
 * Issue 10 item 15: sign-in works only at PUBLIC_URL (its redirect_uri and cookies), so a
 * page opened at another name of the server — 127.0.0.1 for localhost — is sent to the same
 * path at PUBLIC_URL before sign-in starts. API calls are never redirected.
 */
const t = await createTestApp(); // PUBLIC_URL http://localhost:3000
const trusting = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', TRUST_PROXY: '127.0.0.1' }),
  database: t.database,
  logger: false,
});
await trusting.ready();
afterAll(() => trusting.close());

/** What Chromium sends for a typed address or a followed link. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
const OTHER_HOST = '127.0.0.1:3000';

const open = (url: string, headers: Record<string, string>, app = t.app) => app.inject({ method: 'GET', url, headers });

describe('a page opened at another host name', () => {
  it('is redirected to the same path at PUBLIC_URL: client routes and the sign-in start', async () => {
    for (const url of ['/', '/my-courses?tab=2', '/welcome', '/api/auth/login?returnTo=%2Fcourses']) {
      const res = await open(url, { host: OTHER_HOST, ...NAVIGATION });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(`http://localhost:3000${url}`);
    }
  });

  it('is recognised without Sec-Fetch headers by an HTML Accept (older browsers)', async () => {
    const res = await open('/courses', { host: OTHER_HOST, accept: 'text/html' });
    expect(res.headers.location).toBe('http://localhost:3000/courses');
  });

  it('is served where it is at PUBLIC_URL, in any letter case', async () => {
    for (const host of ['localhost:3000', 'LOCALHOST:3000']) {
      const res = await open('/api/auth/login', { host, ...NAVIGATION });
      expect(String(res.headers.location), host).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
    }
  });

  it('believes X-Forwarded-Host only from a trusted proxy', async () => {
    const forwarded = { host: 'elp-backend:3000', 'x-forwarded-host': 'localhost:3000', ...NAVIGATION };
    expect((await open('/api/auth/login', forwarded)).headers.location).toBe('http://localhost:3000/api/auth/login');
    expect(String((await open('/api/auth/login', forwarded, trusting)).headers.location)).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
  });

  it('comes back with the guard cookie through a proxy that rewrites Host: served, no redirect loop', async () => {
    const first = await open('/api/auth/login', { host: 'elp-backend:3000', ...NAVIGATION });
    expect(first.statusCode).toBe(302);
    const guard = first.cookies.find((c) => c.name === HOST_REDIRECT_COOKIE);
    expect(guard?.maxAge).toBeGreaterThan(0);
    const again = await open('/api/auth/login', { host: 'elp-backend:3000', cookie: `${HOST_REDIRECT_COOKIE}=1`, ...NAVIGATION });
    expect(String(again.headers.location)).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
  });
});

describe('never redirected at another host name', () => {
  it('API calls, fetches and posts', async () => {
    const state = await open('/api/account/current-state', { host: OTHER_HOST, accept: 'application/json', 'sec-fetch-mode': 'cors' });
    expect(state.statusCode).toBe(200);
    expect(state.json().role).toBe('Guest');
    // an /api page navigation other than the sign-in start (e.g. a file download link)
    const nav = await open('/api/account/current-state', { host: OTHER_HOST, ...NAVIGATION });
    expect(nav.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: { host: OTHER_HOST, ...NAVIGATION } });
    expect(post.statusCode).toBe(200);
  });

  it('the provider, hubs and files', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/hubs/stats', '/files/1']) {
      const res = await open(url, { host: OTHER_HOST, ...NAVIGATION });
      expect(res.statusCode === 302 && String(res.headers.location).startsWith('http://localhost:3000'), url).toBe(false);
    }
  });

  it('light inject calls without browser headers (tests)', async () => {
    expect((await open('/api/auth/login', { host: 'whatever.test' })).statusCode).toBe(302);
    expect(String((await open('/api/auth/login', { host: 'whatever.test' })).headers.location)).toMatch(/\/oidc\/auth\?/);
  });
});
