import { beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../../server/sandbox/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * One student flooding the code sandbox (issue 10 item 8): six infinite loops used to delay
 * another student's run from 0.1 s to 16 s. Now each account has one run at a time and two
 * waiting; free slots go round-robin between accounts. One slot here, so the order in which
 * the answers arrive is the order the runs started in — asserted, rather than timings.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let flooder: SignedIn;
let other: SignedIn;
type Reply = Awaited<ReturnType<ReturnType<typeof studyHelpers>['call']>>;
let run: (who: SignedIn, code: string, lang?: string) => Promise<Reply>;
const slowCode = 'import time\ntime.sleep(3)\nprint(int(input()) * 2)';

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_CONCURRENCY: '1', SANDBOX_QUEUE_PER_ACCOUNT: '2' });
  h = studyHelpers(t);
  const data = await h.course();
  flooder = await t.signIn('Students');
  other = await t.signIn('Students');
  const sessions = new Map<SignedIn, number>();
  for (const s of [flooder, other]) {
    await h.enrol(data.course.id, s.accountId);
    sessions.set(s, (await h.call(s, 'POST', `${data.base}/Pages`, { slideId: 'start' })).json().sessionId);
  }
  run = (who, code, lang = 'ru') =>
    t.app.inject({
      method: 'POST',
      url: `${data.base}/questions/code/${data.code.id}/execTextCases`,
      headers: { ...who.headers, 'accept-language': lang },
      payload: { sessionId: sessions.get(who), code },
    });
});

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('a student flooding the sandbox', () => {
  it("gets 429 beyond one running and two waiting runs, and another student's run goes next", async () => {
    const flood = ['A1', 'A2', 'A3'].map(() => run(flooder, slowCode));
    const queue = sandbox().queue;
    await until(() => queue.statsOf(flooder.accountId).running === 1 && queue.statsOf(flooder.accountId).waiting === 2, "the flooder's runs to queue");

    const refusedEn = await run(flooder, slowCode, 'en');
    expect(refusedEn.statusCode).toBe(429);
    expect(refusedEn.json()).toEqual({
      ErrorCode: 'SandboxQueueFull',
      Title: 'Your earlier code runs are still waiting in the queue',
      Description: 'Wait for their results, then run the code again',
    });
    const refusedRu = await run(flooder, slowCode);
    expect(refusedRu.statusCode).toBe(429);
    expect(refusedRu.json().Title).toBe('Ваши предыдущие запуски кода ещё в очереди');

    const mine = run(other, 'print(int(input()) * 2)');
    await until(() => queue.statsOf(other.accountId).waiting === 1, "the other student's run to queue");
    expect(queue.statsOf(flooder.accountId)).toEqual({ running: 1, waiting: 2 }); // still the flooder's first run
    // the slot frees when A1 ends: the other student's run takes it, the flooder's A2 and A3 still wait.
    // Asserted on the queue, not on the order the replies arrive in (saving a reply takes its own time).
    await until(() => queue.statsOf(other.accountId).running === 1 || queue.statsOf(flooder.accountId).waiting < 2, 'the next run to start');
    expect(queue.statsOf(other.accountId).running).toBe(1);
    expect(queue.statsOf(flooder.accountId)).toEqual({ running: 0, waiting: 2 });

    const answer = await mine;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results).toMatchObject([{ passed: true }]);
    for (const r of await Promise.all(flood)) expect(r.statusCode, r.body).toBe(200);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  }, 90_000);
});
