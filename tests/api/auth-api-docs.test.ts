import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * Issue 10 item 14c: the OpenAPI document and its UI at /api/docs are for signed-in
 * staff (Instructors, Root) by default; API_DOCS=public opens them to everyone and
 * API_DOCS=off removes them.
 */
const t = await createTestApp();
const others: App[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});

async function appWith(API_DOCS: string): Promise<App> {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', API_DOCS }), database: t.database, logger: false });
  await app.ready();
  others.push(app);
  return app;
}

const get = (app: App, url: string, who?: SignedIn) => app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const DOC_URLS = ['/api/docs/json', '/api/docs/yaml', '/api/docs', '/api/docs/static/index.html'];

describe('/api/docs by default (staff)', () => {
  it('is refused to a guest (401) and a student (403), in the error shape', async () => {
    const student = await t.signIn('Students');
    for (const url of DOC_URLS) {
      const guest = await get(t.app, url);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json().ErrorCode).toBe('Unauthorized');
      const refused = await get(t.app, url, student);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().ErrorCode).toBe('Forbidden');
    }
  });

  it('answers an instructor (even without flags) and Root', async () => {
    for (const who of [await t.signIn('Instructors', { flags: [] }), await t.signIn('Root')]) {
      const doc = await get(t.app, '/api/docs/json', who);
      expect(doc.statusCode).toBe(200);
      expect(doc.json().openapi).toMatch(/^3\./);
      expect(Object.keys(doc.json().paths)).toContain('/api/account/current-state');
      expect([200, 302]).toContain((await get(t.app, '/api/docs', who)).statusCode);
    }
  });
});

describe('API_DOCS', () => {
  it('public: everyone reads the documentation', async () => {
    const app = await appWith('public');
    expect((await get(app, '/api/docs/json')).statusCode).toBe(200);
  });

  it('off: there is no documentation, not even for Root', async () => {
    const app = await appWith('off');
    const root = await t.signIn('Root');
    for (const url of DOC_URLS) {
      const res = await get(app, url, root);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().ErrorCode).toBe('RouteNotFound');
    }
  });

  it('refuses any other value at start-up', () => {
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});
