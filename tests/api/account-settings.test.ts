import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGETS } from '../../shared/calls/accountSettings.js';
import { createTestApp, type SignedIn } from './support/app.js';

/** Issue 13 (G3): per-account settings and the dashboard widgets' order, each caller's own. */
const t = await createTestApp();
let anna: SignedIn;
let boris: SignedIn;
const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  anna = await t.signIn('Students');
  boris = await t.signIn('Instructors');
});

describe('/api/AccountSetting', () => {
  it('needs a session', async () => {
    expect((await call(null, 'GET', '/api/AccountSetting')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/AccountSetting', { settings: { theme: 'dark' } })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/AccountSetting/Sequence', { widgets: [] })).statusCode).toBe(401);
  });

  it('starts empty with the default widget order', async () => {
    expect((await call(anna, 'GET', '/api/AccountSetting')).json()).toEqual({ settings: {}, widgetOrder: [...DASHBOARD_WIDGETS] });
  });

  it('merges settings, removes one with null, and keeps each account to its own', async () => {
    await call(anna, 'POST', '/api/AccountSetting', { settings: { theme: 'dark', pageSize: 20 } });
    const res = await call(anna, 'POST', '/api/AccountSetting', { settings: { theme: null, compact: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({ pageSize: 20, compact: true });
    expect((await call(boris, 'GET', '/api/AccountSetting')).json().settings).toEqual({});
  });

  it('refuses bad names, nested values and prototype keys, changing nothing', async () => {
    for (const settings of [{ 'bad name': 1 }, { nested: { a: 1 } }, { list: [1] }, { x: 'y'.repeat(1001) }, JSON.parse('{"__proto__": 1}'), Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))]) {
      const res = await call(anna, 'POST', '/api/AccountSetting', { settings });
      expect(res.statusCode, JSON.stringify(settings).slice(0, 60)).toBe(400);
    }
    expect((await call(anna, 'GET', '/api/AccountSetting')).json().settings).toEqual({ pageSize: 20, compact: true });
  });

  it('orders the widgets: the named ones first, the rest in their default order; unknown or repeated names are refused', async () => {
    const res = await call(anna, 'POST', '/api/AccountSetting/Sequence', { widgets: ['favorites', 'education'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().widgetOrder.slice(0, 3)).toEqual(['favorites', 'education', 'profileData']);
    expect(res.json().widgetOrder).toHaveLength(DASHBOARD_WIDGETS.length);
    for (const widgets of [['nope'], ['favorites', 'favorites'], 'favorites']) {
      expect((await call(anna, 'POST', '/api/AccountSetting/Sequence', { widgets })).statusCode).toBe(400);
    }
    expect((await call(anna, 'GET', '/api/AccountSetting')).json().widgetOrder[0]).toBe('favorites');
    expect((await call(boris, 'GET', '/api/AccountSetting')).json().widgetOrder[0]).toBe('education');
  });
});
