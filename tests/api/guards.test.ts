import { describe, expect, it } from 'vitest';
import { allows, rules, type Principal, type Rule } from '../../shared/permissions.js';
import { createTestApp } from './support/app.js';

/**
 * Walks every /api route the app registers: a caller the route's rule does not
 * admit is refused before anything else happens — 401 without a session, 403
 * for a signed-in role or flag set the rule excludes.
 */
const t = await createTestApp();
const student = await t.signIn('Students');
const noFlags = await t.signIn('Instructors', { flags: [] });

const resolve = (rule: Rule | string): Rule => (typeof rule === 'string' ? rules[rule as keyof typeof rules] : rule);
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe('deny by default, walked over every route', () => {
  it('registers guarded routes', () => {
    expect(t.app.routeRules.length).toBeGreaterThan(0);
  });

  it('refuses unauthenticated callers on every non-public route (401)', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeRules) {
      if (allows(null, resolve(r.rule))) continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 401) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a student on every route students may not use (403)', async () => {
    const failures: string[] = [];
    const p: Principal = { role: 'Students', flags: [] };
    for (const r of t.app.routeRules) {
      if (allows(p, resolve(r.rule))) continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: student.headers, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an instructor without flags on every flagged route (403)', async () => {
    const failures: string[] = [];
    const p: Principal = { role: 'Instructors', flags: [] };
    for (const r of t.app.routeRules) {
      if (allows(p, resolve(r.rule))) continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: noFlags.headers, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
