import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createTestApp } from './support/app.js';
import { Browser } from './support/browser.js';

/**
 * Issue 10 item 14b: the embedded provider builds its URLs (discovery, the sign-in
 * redirects) from PUBLIC_URL; a forged Host, X-Forwarded-Host or X-Forwarded-Proto
 * does not end up in them, whether or not the sender is a trusted proxy.
 */
const ORIGIN = 'http://localhost:3000';
const t = await createTestApp();
const trusting = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', TRUST_PROXY: '127.0.0.1' }),
  database: t.database,
  logger: false,
});
await trusting.ready();
afterAll(() => trusting.close());

const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' };

/** Every URL of a discovery document. */
function urlsOf(doc: Record<string, unknown>): string[] {
  return Object.values(doc).filter((v): v is string => typeof v === 'string' && /^https?:\/\//.test(v));
}

describe.each([
  ['from any client', () => t.app],
  ['from a trusted proxy (TRUST_PROXY)', () => trusting],
])('OIDC discovery %s', (_name, app: () => App) => {
  it('names only PUBLIC_URL whatever Host and X-Forwarded-* say', async () => {
    for (const headers of [{ host: 'localhost:3000', ...FORGED }, { host: 'evil.example' }, { host: 'evil.example', ...FORGED }]) {
      const res = await app().inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers });
      expect(res.statusCode).toBe(200);
      const urls = urlsOf(res.json());
      expect(urls.length).toBeGreaterThan(5);
      for (const url of urls) expect(url.startsWith(`${ORIGIN}/oidc`), `${JSON.stringify(headers)}: ${url}`).toBe(true);
    }
  });
});

describe('the sign-in redirects', () => {
  it('stay on PUBLIC_URL when the request carries forged forwarding headers', async () => {
    const b = new Browser(t.app, FORGED);
    const start = await b.request('GET', '/api/auth/login');
    expect(String(start.headers.location).startsWith(`${ORIGIN}/oidc/auth?`)).toBe(true);
    const toLogin = await b.request('GET', String(start.headers.location));
    expect(toLogin.statusCode).toBe(303);
    expect(String(toLogin.headers.location)).toMatch(/^\/oidc\/interaction\/|^http:\/\/localhost:3000\/oidc\/interaction\//);
    // cookies of a plain-http PUBLIC_URL are not marked Secure because a header claimed https
    expect(String(toLogin.headers['set-cookie'])).not.toMatch(/secure/i);
  });
});
