import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors } from '../../server/db/schema/index.js';
import { answerSaved } from '../../server/events/answers.js';
import { LIVE_STORM_THROTTLE_MS, LIVE_THROTTLE_MS, STORM_SAVES } from '../../server/modules/analytics/live.js';
import { ANALYTICS_HUB, ANSWERS_CHANGED } from '../../shared/calls/analytics.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * The live typical errors: after answers of a course are saved, the course's staff with a page on
 * /hubs/analytics hear AnswersChanged(courseId) — once for a burst (throttled) — and nobody else.
 */
const t = await createTestApp();
const { seedProgram, createCourse } = courseHelpers(t);
let base = '';
const opened: HubConnection[] = [];
let owner: SignedIn, tutor: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn;
let courseId: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  owner = await t.signIn('Instructors');
  tutor = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['ShowStudents'] });
  student = await t.signIn('Students');
  const p = await seedProgram('Живая аналитика');
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
  await t.db.insert(courseInstructors).values({ courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [2] });
});
afterAll(async () => {
  for (const c of opened) await c.stop();
});

const connect = (who: SignedIn) =>
  new HubConnectionBuilder()
    .withUrl(`${base}${ANALYTICS_HUB}`, { headers: { cookie: who.cookie }, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();

async function listen(who: SignedIn) {
  const c = connect(who);
  const heard: unknown[] = [];
  c.on(ANSWERS_CHANGED, (id: unknown) => heard.push(id));
  opened.push(c);
  await c.start();
  return heard;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('analytics hub', () => {
  it('refuses students and instructors without ExportStudentActions', async () => {
    await expect(connect(student).start()).rejects.toThrow();
    await expect(connect(noFlag).start()).rejects.toThrow();
  });

  it("tells the course's staff once per burst of saves, not other instructors", async () => {
    const mine = await listen(owner);
    const tutors = await listen(tutor);
    const others = await listen(stranger);
    for (let i = 0; i < 20; i++) answerSaved(t.db, { courseId, exerciseId: 1, accountId: student.accountId });
    await sleep(LIVE_THROTTLE_MS + 700);
    expect(mine).toEqual([courseId]);
    expect(tutors).toEqual([courseId]);
    expect(others).toEqual([]);
    // the next burst is told again
    answerSaved(t.db, { courseId, exerciseId: 1, accountId: student.accountId });
    await sleep(LIVE_THROTTLE_MS + 700);
    expect(mine).toEqual([courseId, courseId]);
  });

  it('a storm of saves makes the next signal wait longer; a quiet period brings the second back', async () => {
    const heard: number[] = [];
    const c = connect(owner);
    c.on(ANSWERS_CHANGED, () => heard.push(Date.now()));
    opened.push(c);
    await c.start();
    const save = () => answerSaved(t.db, { courseId, exerciseId: 1, accountId: student.accountId });
    const storm = setInterval(() => { for (let i = 0; i < STORM_SAVES / 10; i++) save(); }, 100);
    try {
      while (heard.length < 3) await sleep(50);
    } finally {
      clearInterval(storm);
    }
    // the first period had the storm: the second and third are the longer ones
    expect(heard[2] - heard[1]).toBeGreaterThanOrEqual(LIVE_STORM_THROTTLE_MS - 100);
    // once the storm's last period is told, a lone save still waits the long period (it clears the
    // storm mark); the next lone save is told after the usual second
    await sleep(LIVE_STORM_THROTTLE_MS + 500);
    const told = heard.length;
    save();
    await sleep(LIVE_STORM_THROTTLE_MS + 500);
    expect(heard).toHaveLength(told + 1);
    const quiet = Date.now();
    save();
    while (heard.length < told + 2) await sleep(20);
    expect(heard[told + 1] - quiet).toBeLessThan(LIVE_STORM_THROTTLE_MS - 200);
  });
});
