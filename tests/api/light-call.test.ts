import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.js';

/**
 * Issue 15 item 4: a light authenticated call at half a bare Fastify route's throughput or more.
 * Hooks that matter for some routes only sit on those routes: the origin check (CSRF) on the
 * state-changing /api and /hubs routes, the request-body decompression on routes that take a body.
 * The checks themselves are tested where they are (csrf.test.ts, delivery.test.ts).
 */
const t = await createTestApp();

/** The hook names of one route and method, as Fastify lists them. */
function hooksOf(url: string, method: string): string {
  const lines = t.app.printRoutes({ includeHooks: true, commonPrefix: false, method }).split('\n');
  const at = lines.findIndex((l) => l.toLowerCase().includes(url.toLowerCase()) && l.includes(`(${method})`));
  expect(at, `${method} ${url} is listed`).toBeGreaterThanOrEqual(0);
  const hooks: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!/•\s*\((onRequest|preParsing|preValidation|preHandler|preSerialization|onSend|onResponse|onError|onTimeout|onRequestAbort)\)/.test(line)) break;
    hooks.push(line.trim());
  }
  return hooks.join('\n');
}

describe('the light call runs only the hooks it needs', () => {
  it('GET current-state: no origin check and no body decompression; the session and the guard run', async () => {
    const hooks = hooksOf('/api/account/current-state', 'GET');
    expect(hooks).not.toContain('checkOrigin');
    expect(hooks).not.toContain('(preParsing)');
    expect(hooks).toContain('checkAccess');
    const student = await t.signIn('Students');
    const res = await t.app.inject({ method: 'GET', url: '/api/account/current-state', headers: student.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountId: student.accountId, role: 'Students' });
  });

  it('a state-changing call keeps its origin check, in front of its guard', async () => {
    const hooks = hooksOf('/api/instructors/NewsFeed/create', 'POST');
    expect(hooks).toMatch(/\(onRequest\) \[.*"checkOrigin\(\)",\s*"checkAccess\(\)"/);
    const refused = await t.app.inject({ method: 'POST', url: '/api/instructors/NewsFeed/create', headers: { origin: 'http://evil.example' }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorCode).toBe('CrossOriginRequest');
  });
});
