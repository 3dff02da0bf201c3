import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../../server/app.js';
import type { AccountState } from '../../../shared/account.js';

interface StoredCookie { name: string; value: string; path: string }

/**
 * A tiny browser over app.inject: a path-aware cookie jar and redirects within the site.
 * It talks to `app` as the host of `origin` (PUBLIC_URL of the test app by default).
 */
export class Browser {
  cookies: StoredCookie[] = [];

  constructor(
    readonly app: App,
    readonly headers: Record<string, string> = {},
    readonly origin = 'http://localhost:3000',
  ) {}

  cookieHeader(path: string): string {
    return this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  store(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired =
        attrs.some((a) => /^max-age=0$/i.test(a)) ||
        attrs.some((a) => a.toLowerCase().startsWith('expires=') && new Date(a.slice(8)).getTime() < Date.now());
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired && value !== '') this.cookies.push({ name, value, path });
    }
  }

  get(name: string) {
    return this.cookies.find((c) => c.name === name)?.value;
  }

  async request(method: 'GET' | 'POST', url: string, payload?: Record<string, string> | string, extra: Record<string, string> = {}) {
    const target = new URL(url, this.origin);
    expect(target.origin).toBe(this.origin);
    const headers: Record<string, string> = { host: new URL(this.origin).host, ...this.headers, ...extra };
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (payload !== undefined && typeof payload === 'object') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(payload).toString();
    } else body = payload;
    const res = await this.app.inject({ method, url: target.pathname + target.search, headers, payload: body });
    this.store(res);
    return res;
  }

  /** Follows redirects on this site; returns the first non-redirect answer. */
  async follow(res: LightMyRequestResponse, max = 10): Promise<LightMyRequestResponse> {
    let current = res;
    for (let i = 0; i < max && current.statusCode >= 300 && current.statusCode < 400; i++) {
      current = await this.request('GET', String(current.headers.location));
    }
    return current;
  }

  /** From /api/auth/login to the provider's login page. */
  async openLoginPage(returnTo?: string) {
    const start = await this.request('GET', `/api/auth/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    expect(start.statusCode).toBe(302);
    const page = await this.follow(start);
    expect(page.statusCode).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
    expect(action).toMatch(/^\/oidc\/interaction\//);
    return { page, action: action! };
  }

  /** Posts the login form and follows the provider to the callback; answers the callback's redirect. */
  async submitLogin(action: string, login: string, password = 'demo') {
    const posted = await this.request('POST', action, { login, password });
    expect(posted.statusCode).toBe(303);
    let res = posted;
    while (res.statusCode >= 300 && res.statusCode < 400 && !String(res.headers.location).includes('/api/auth/callback')) {
      res = await this.request('GET', String(res.headers.location));
    }
    expect(String(res.headers.location)).toMatch(new RegExp(`^${this.origin}/api/auth/callback\\?`));
    const landing = await this.request('GET', String(res.headers.location));
    expect(landing.statusCode).toBe(302);
    return String(landing.headers.location);
  }

  async state(): Promise<AccountState> {
    const res = await this.request('GET', '/api/account/current-state');
    expect(res.statusCode).toBe(200);
    return res.json();
  }
}

/** Signs in through the embedded provider's login page as a fresh browser. */
export async function signInThroughProvider(app: App, login: string, password = 'demo', returnTo?: string) {
  const browser = new Browser(app);
  const { action } = await browser.openLoginPage(returnTo);
  const landing = await browser.submitLogin(action, login, password);
  return { browser, landing };
}
