import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './support/app.js';

/**
 * A restart with people on the site: `app.close()` (what SIGTERM runs) finishes at once, and what
 * was in flight is answered. Node's server close waits for every socket, upgraded ones too, and
 * keeps a connection whose answer was still being sent open for the whole keep-alive time (72 s):
 * without the hub's preClose and the idle sweep (server/http/keepAliveOnClose.ts) both cases
 * below hang.
 */

// a call still being answered when closing begins (outside /api: no permission to declare)
const slowRoute: FastifyPluginAsync = async (app) => {
  app.get('/test-slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { done: true };
  });
};

const hubApp = await createTestApp();
const httpApp = await createTestApp({}, { plugins: [slowRoute] });

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** 'closed' when the app closes within 5 s, else 'stuck'. */
function closing(t: TestApp): Promise<'closed' | 'stuck'> {
  const closed = t.app.close().then(() => 'closed' as const);
  const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5_000).unref());
  return Promise.race([closed, stuck]);
}

describe('shutdown', () => {
  it('closes at once while a student page is connected to a hub, and ends that connection', async () => {
    const port = await listen(hubApp);
    const s = await hubApp.signIn('Students');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/hubs/visit-log`, { headers: { cookie: s.cookie } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const ended = new Promise<void>((resolve) => ws.once('close', () => resolve()));

    expect(await closing(hubApp)).toBe('closed');
    await ended;
    expect(ws.readyState).toBe(WebSocket.CLOSED);
  });

  it('answers a call in flight in full, then closes at once instead of keeping its connection alive', async () => {
    const port = await listen(httpApp);
    // fetch keeps the connection alive after the answer, as browsers do
    const answer = fetch(`http://127.0.0.1:${port}/test-slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 50));

    expect(await closing(httpApp)).toBe('closed');
    expect(await answer).toEqual({ status: 200, body: { done: true } });
  });
});
