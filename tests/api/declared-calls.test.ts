import { describe, expect, it } from 'vitest';
import { routePath, type CallSpec } from '../../shared/http/call';
import { createTestApp } from './support/app';

/**
 * One declaration per call (issue 11 item 2): every call in shared/calls is declared once (no two
 * declarations of one method and path, in any letter case) and the server answers each of them.
 * A call declared twice, or declared for the client and never registered, fails here.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../shared/calls/**/*.ts', { eager: true });

const isCall = (v: unknown): v is CallSpec =>
  typeof v === 'object' && v !== null && typeof (v as CallSpec).method === 'string' && typeof (v as CallSpec).path === 'string' && 'rule' in v;

/** Every declared call with where it is declared (module, group, name); a map re-exporting a call (by kind) names it once. */
const seen = new Set<CallSpec>();
const declared = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([group, value]) =>
    typeof value === 'object' && value !== null && !isCall(value)
      ? Object.entries(value).flatMap(([name, call]) => {
          if (!isCall(call) || seen.has(call)) return [];
          seen.add(call);
          return [{ where: `${file.replace('../../', '')} ${group}.${name}`, call }];
        })
      : [],
  ),
);

/** The route a call answers at: parameters named alike, letter case ignored (the router ignores it). */
const routeKey = (c: CallSpec) => `${c.method} ${c.path.replace(/\{\w+\}/g, '{}').toLowerCase()}`;

describe('call declarations', () => {
  it('are found (the glob reads shared/calls)', () => {
    expect(declared.length).toBeGreaterThan(250);
  });

  it('declare each method and path once', () => {
    const byRoute = new Map<string, string[]>();
    for (const { where, call } of declared) byRoute.set(routeKey(call), [...(byRoute.get(routeKey(call)) ?? []), where]);
    const twice = [...byRoute].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
  });

  it('have each a name of their own (the audit journal names a change by its call)', () => {
    const byName = new Map<string, string[]>();
    for (const { where, call } of declared) byName.set(call.name ?? '(none)', [...(byName.get(call.name ?? '(none)') ?? []), where]);
    expect([...byName].filter(([name, where]) => where.length > 1 || name === '(none)')).toEqual([]);
  });

  it('are each answered by the server', async () => {
    const t = await createTestApp();
    const missing = declared.filter(({ call }) => !t.app.hasRoute({ method: call.method, url: routePath(call.path) })).map(({ where, call }) => `${where}: ${call.method} ${call.path}`);
    expect(missing).toEqual([]);
  });
});
