import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationType } from '../../shared/enums.js';
import { NOTIFICATIONS_CHANGED, NOTIFICATIONS_HUB } from '../../shared/calls/notifications.js';
import { notify } from '../../server/modules/notifications/notify.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** The live badge: a reader's connections hear NotificationsChanged after the writing transaction commits. */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
let base = '';
const opened: HubConnection[] = [];
let owner: SignedIn, student: SignedIn, bystander: SignedIn;
let courseId: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  owner = await t.signIn('Instructors', { email: 'nl-owner@test.local' });
  student = await t.signIn('Students', { email: 'nl-s1@test.local' });
  bystander = await t.signIn('Students', { email: 'nl-s2@test.local' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
});
afterAll(async () => { for (const c of opened) await c.stop(); });

/** A connected reader and the pushes it has heard so far. */
async function listen(who: SignedIn) {
  const c = new HubConnectionBuilder()
    .withUrl(`${base}${NOTIFICATIONS_HUB}`, { headers: { cookie: who.cookie }, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  const heard: number[] = [];
  c.on(NOTIFICATIONS_CHANGED, () => heard.push(Date.now()));
  opened.push(c);
  await c.start();
  return heard;
}
const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await settle(20);
}

describe('notifications hub', () => {
  it('refuses a signed-out connection', async () => {
    const c = new HubConnectionBuilder().withUrl(`${base}${NOTIFICATIONS_HUB}`, { transport: HttpTransportType.WebSockets }).configureLogging(LogLevel.None).build();
    await expect(c.start()).rejects.toThrow();
  });

  it('pushes to the included student after the include commits, not to others; the count is then up to date', async () => {
    const heard = await listen(student);
    const others = await listen(bystander);
    const res = await call(owner, 'POST', `/api/instructors/students/training/${courseId}/include`, { emails: 'nl-s1@test.local' });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => heard.length > 0);
    expect(heard).toHaveLength(1);
    expect((await call(student, 'GET', '/api/notifications/count')).json()).toEqual({ count: 1 });
    await settle();
    expect(others).toHaveLength(0);
  });

  it('pushes nothing before the commit and nothing for a rolled-back transaction', async () => {
    const heard = await listen(bystander);
    const item = { accountId: bystander.accountId, type: NotificationType.unknown, key: 'notifications.enrolled', params: { course: 'X' } };
    await t.db.transaction(async (tx) => {
      await notify(tx, [item]);
      await settle();
      expect(heard).toHaveLength(0);
    });
    await until(() => heard.length > 0);
    expect(heard).toHaveLength(1);
    await t.db
      .transaction(async (tx) => {
        await notify(tx, [item]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await settle();
    expect(heard).toHaveLength(1);
    expect((await call(bystander, 'GET', '/api/notifications/count')).json()).toEqual({ count: 1 });
  });

  it("pushes to the reader's other pages when a notification is read", async () => {
    const heard = await listen(student);
    const [n] = (await call(student, 'GET', '/api/notifications')).json().data;
    expect((await call(student, 'POST', `/api/notifications/${n.id}/read`)).statusCode).toBe(200);
    await until(() => heard.length > 0);
    expect(heard).toHaveLength(1);
  });
});
