import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp } from './support/app.js';

/**
 * Shutting down with pages connected: the HTTP server's close waits for every socket, upgraded
 * ones too, so the hub must end its connections before that wait — or a deploy's restart (and
 * this suite's teardown) would hang until every student closed the tab.
 */
const t = await createTestApp();

describe('hub shutdown', () => {
  it('closes the app at once while a student page is connected, and ends that connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const s = await t.signIn('Students');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/hubs/visit-log`, { headers: { cookie: s.cookie } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const ended = new Promise<void>((resolve) => ws.once('close', () => resolve()));

    const closed = t.app.close().then(() => 'closed' as const);
    const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5_000).unref());
    expect(await Promise.race([closed, stuck])).toBe('closed');
    await ended;
    expect(ws.readyState).toBe(WebSocket.CLOSED);
  });
});
