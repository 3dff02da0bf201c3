import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { pageVisits } from '../../server/db/schema/index.js';
import { visitLogHub } from '../../server/hubs/visit-log.js';
import { DEFAULT_HUB_LIMITS } from '../../server/hubs/limits.js';
import { createTestApp } from './support/app.js';

/** The realtime endpoint, driven by the official SignalR client over a real socket. */
const t = await createTestApp();
let base = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

function connect(path: string, cookie?: string, skipNegotiation = false) {
  return new HubConnectionBuilder()
    .withUrl(`${base}${path}`, {
      headers: cookie ? { cookie } : {},
      transport: HttpTransportType.WebSockets,
      skipNegotiation,
    })
    .configureLogging(LogLevel.None)
    .build();
}

describe('visit-log hub', () => {
  const opened: ReturnType<typeof connect>[] = [];
  afterAll(async () => { for (const c of opened) await c.stop(); });

  it('stores a student visit before acknowledging it (negotiated connection)', async () => {
    const s = await t.signIn('Students');
    const c = connect('/hubs/visit-log', s.cookie);
    opened.push(c);
    await c.start();
    await expect(c.invoke('LogVisit', '/my-courses')).resolves.toBe(true);
    const rows = await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId));
    expect(rows.map((r) => r.url)).toEqual(['/my-courses']);
  });

  it('keeps the time of an offline visit sent later (cookie, no negotiation)', async () => {
    const s = await t.signIn('Students');
    const c = connect('/hubs/visit-log', s.cookie, true);
    opened.push(c);
    await c.start();
    const at = new Date(Date.now() - 3 * 3_600_000).toISOString();
    await c.invoke('LogVisit', '/news', at);
    const [row] = await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId));
    expect(row.visitedAt.toISOString()).toBe(at);
  });

  it('rejects a visit that is not a same-origin path and stores nothing', async () => {
    const s = await t.signIn('Students');
    const c = connect('/hubs/visit-log', s.cookie);
    opened.push(c);
    await c.start();
    await expect(c.invoke('LogVisit', 'https://evil.example/x')).rejects.toThrow(/Invalid visit/);
    const rows = await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId));
    expect(rows).toHaveLength(0);
  });

  it('refuses visits dated ahead of the server clock or older than a session lives, and stores nothing', async () => {
    const s = await t.signIn('Students');
    const c = connect('/hubs/visit-log', s.cookie);
    opened.push(c);
    await c.start();
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    await expect(c.invoke('LogVisit', '/news', hours(1))).rejects.toThrow(/Invalid visit time/);
    await expect(c.invoke('LogVisit', '/news', hours(-13))).rejects.toThrow(/Invalid visit time/);
    await expect(c.invoke('LogVisit', '/news', '1970-01-01T00:00:00.000Z')).rejects.toThrow(/Invalid visit time/);
    // a device clock a little ahead is tolerated
    await expect(c.invoke('LogVisit', '/my-courses', new Date(Date.now() + 20_000).toISOString())).resolves.toBe(true);
    const rows = await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId));
    expect(rows.map((r) => r.url)).toEqual(['/my-courses']);
  });

  it('refuses a NUL in a visit and stores nothing', async () => {
    const s = await t.signIn('Students');
    const c = connect('/hubs/visit-log', s.cookie);
    opened.push(c);
    await c.start();
    await expect(c.invoke('LogVisit', '/news\u0000')).rejects.toThrow(/Invalid arguments/);
    expect(await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId))).toHaveLength(0);
  });

  it('closes a connection that calls faster than its rate allows; what it stored stays within the burst', async () => {
    const s = await t.signIn('Students');
    const c = connect('/hubs/visit-log', s.cookie);
    opened.push(c);
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.start();
    const startedAt = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 150 }, () => c.invoke('LogVisit', '/news')));
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
    expect(String(await closed)).toMatch(/Too many calls/);
    const seconds = (Date.now() - startedAt) / 1000;
    const rows = await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId));
    expect(rows.length).toBeGreaterThan(0);
    // the burst, plus what the rate refilled while the calls arrived (a loaded machine takes longer)
    const { burst, perSecond } = DEFAULT_HUB_LIMITS;
    expect(rows.length).toBeLessThanOrEqual(burst + Math.ceil(perSecond * seconds));
    expect(rows.length).toBeLessThan(150);
  });

  it('closes a connection past its count of calls', async () => {
    const saved = visitLogHub.limits;
    visitLogHub.limits = { perConnection: 3 };
    try {
      const s = await t.signIn('Students');
      const c = connect('/hubs/visit-log', s.cookie);
      opened.push(c);
      await c.start();
      for (let i = 0; i < 3; i++) await expect(c.invoke('LogVisit', `/page/${i}`)).resolves.toBe(true);
      await expect(c.invoke('LogVisit', '/page/3')).rejects.toThrow();
      expect(await t.db.select().from(pageVisits).where(eq(pageVisits.accountId, s.accountId))).toHaveLength(3);
    } finally {
      visitLogHub.limits = saved;
    }
  });

  it('refuses a WebSocket opened from a page of another origin (403), accepts our own', async () => {
    const s = await t.signIn('Students');
    const open = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}/hubs/visit-log`, { headers: { cookie: s.cookie }, origin });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      });
    expect(await open('http://localhost:4000')).toBe(403);
    expect(await open('http://evil.example')).toBe(403);
    expect(await open('http://localhost:3000')).toBe(101);
    expect(await open(base)).toBe(101);
  });

  it('refuses a connection without a session (401) and an instructor (403)', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/hubs/visit-log/negotiate?negotiateVersion=1' });
    expect(anon.statusCode).toBe(401);
    const i = await t.signIn('Instructors');
    const inst = await t.app.inject({ method: 'POST', url: '/hubs/visit-log/negotiate?negotiateVersion=1', headers: i.headers });
    expect(inst.statusCode).toBe(403);
    await expect(connect('/hubs/visit-log', undefined, true).start()).rejects.toThrow();
    await expect(connect('/hubs/visit-log', i.cookie, true).start()).rejects.toThrow();
  });
});
