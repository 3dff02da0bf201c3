import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { pageVisits } from '../../server/db/schema/index.js';
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
    const at = '2026-01-02T03:04:05.000Z';
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
