import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_HUB } from '../../shared/calls/chat.js';
import { createTestApp, type TestApp } from './support/app.js';
import { redisMissing, startRedis, type RunningRedis } from './support/redis.js';

/**
 * A Redis restart under open pages (issue 29 item 7; tests/bench/faults.mjs found it behind nginx):
 * hub pushes between processes go over Redis pub/sub, which keeps nothing, so a page on one process
 * missed every message another process pushed while Redis was away, and nothing told it to catch
 * up. Now, once the process is subscribed again, its pages are asked to reconnect, and each fetches
 * what it missed as after any reconnect.
 */
let redis: RunningRedis | null = null;
let t: TestApp | null = null;
if (!redisMissing) {
  redis = await startRedis();
  t = await createTestApp({ REDIS_URL: redis.url });
}
const opened: HubConnection[] = [];
afterAll(async () => {
  for (const c of opened) await c.stop();
  await redis?.stop();
});

describe.skipIf(redisMissing)(`hub pages across a Redis restart${redisMissing ? ` — skipped: ${redisMissing}` : ''}`, () => {
  it('asks the pages to reconnect once the process is subscribed again', async () => {
    await t!.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t!.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const student = await t!.signIn('Students');
    const page = new HubConnectionBuilder()
      .withUrl(`${base}${CHAT_HUB}`, { headers: { cookie: student.cookie }, transport: HttpTransportType.WebSockets })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 200 })
      .configureLogging(LogLevel.None)
      .build();
    opened.push(page);
    const events: string[] = [];
    page.onreconnecting(() => events.push('reconnecting'));
    page.onreconnected(() => events.push('reconnected'));
    await page.start();

    await redis!.restart();
    const end = Date.now() + 15_000;
    while (!events.includes('reconnected') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(['reconnecting', 'reconnected']);
    expect(page.state).toBe(HubConnectionState.Connected);
  });
});
