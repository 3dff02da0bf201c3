import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { ContentKind, SlidePageType } from '../../shared/enums.js';
import { attempts, enrolments, slides, watchSegments } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The stats hub (spec 3 §7.4 SaveStats), driven by the official SignalR client over a real socket. */
const t = await createTestApp();
const h = studyHelpers(t);
let base = '';
let data: Awaited<ReturnType<typeof h.course>>;
let video: typeof slides.$inferSelect;
let otherExerciseVideo: typeof slides.$inferSelect;
let student: SignedIn;
let other: SignedIn;
let sessionId: number;
let otherSessionId: number;
const opened: HubConnection[] = [];

const videoSlide = async (exerciseId: number, hosted = true) => {
  const [s] = await t.db
    .insert(slides)
    .values({
      exerciseId,
      sequence: 100,
      pageType: hosted ? SlidePageType.hostedVideo : SlidePageType.video,
      contentKind: hosted ? ContentKind.hostedVideo : ContentKind.video,
      label: 'Видео',
      duration: 120,
      content: hosted ? { kind: 'hostedVideo', videoId: '1' } : { kind: 'video' },
    } as typeof slides.$inferInsert)
    .returning();
  return s;
};

const start = async (who: SignedIn) => {
  const r = await h.call(who, 'POST', `${data.base}/Pages`, { slideId: 'start' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().sessionId as number;
};

async function connect(who: SignedIn | null) {
  const c = new HubConnectionBuilder()
    .withUrl(`${base}/hubs/stats`, { headers: who ? { cookie: who.cookie } : {}, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  opened.push(c);
  await c.start();
  return c;
}

const stored = (accountId: number) => t.db.select().from(watchSegments).where(eq(watchSegments.accountId, accountId));

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  data = await h.course();
  video = await videoSlide(data.exercise.id);
  otherExerciseVideo = await videoSlide(data.lecture.id);
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
  sessionId = await start(student);
  otherSessionId = await start(other);
  // the attempts began ten minutes ago: the segments below fit the time since by the server clock
  await t.db.update(attempts).set({ startedAt: new Date(Date.now() - 600_000) });
});

afterAll(async () => {
  for (const c of opened) await c.stop();
});

describe('stats hub SaveStats', () => {
  it('stores an acknowledged segment with its course, exercise, slide and attempt', async () => {
    const c = await connect(student);
    await expect(c.invoke('SaveStats', data.course.id, data.exercise.id, video.id, sessionId, 0, 9.5)).resolves.toBe(true);
    // ids as strings, as route parameters arrive
    await expect(c.invoke('SaveStats', String(data.course.id), String(data.exercise.id), String(video.id), String(sessionId), 30, 41)).resolves.toBe(true);
    const rows = await stored(student.accountId);
    expect(rows.map((r) => [r.courseId, r.exerciseId, r.slideId, r.attemptId, r.startSecond, r.endSecond])).toEqual([
      [data.course.id, data.exercise.id, video.id, sessionId, 0, 9.5],
      [data.course.id, data.exercise.id, video.id, sessionId, 30, 41],
    ]);
  });

  it('refuses a connection without a session (401) and an instructor (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/hubs/stats/negotiate?negotiateVersion=1' })).statusCode).toBe(401);
    const teacher = await t.signIn('Instructors');
    expect((await t.app.inject({ method: 'POST', url: '/hubs/stats/negotiate?negotiateVersion=1', headers: teacher.headers })).statusCode).toBe(403);
    await expect(connect(null)).rejects.toThrow();
    await expect(connect(teacher)).rejects.toThrow();
  });

  it("refuses another student's session, a student outside the course, a slide of another exercise or not a hosted video, and stores nothing", async () => {
    const ownVideo = await videoSlide(data.exercise.id, false);
    const before = (await stored(student.accountId)).length;
    const c = await connect(student);
    const save = (course: unknown, exercise: unknown, slide: unknown, session: unknown) => c.invoke('SaveStats', course, exercise, slide, session, 0, 10);
    await expect(save(data.course.id, data.exercise.id, video.id, otherSessionId)).rejects.toThrow(/Not found/);
    await expect(save(data.course.id, data.exercise.id, otherExerciseVideo.id, sessionId)).rejects.toThrow(/Not found/);
    await expect(save(data.course.id, data.lecture.id, video.id, sessionId)).rejects.toThrow(/Not found/);
    await expect(save(data.course.id, data.exercise.id, data.content.id, sessionId)).rejects.toThrow(/Not found/);
    await expect(save(data.course.id, data.exercise.id, ownVideo.id, sessionId)).rejects.toThrow(/Not found/);
    const foreign = await h.course();
    await expect(save(foreign.course.id, data.exercise.id, video.id, sessionId)).rejects.toThrow(/Not found/);
    expect(await stored(student.accountId)).toHaveLength(before);

    const stranger = await t.signIn('Students');
    const s = await connect(stranger);
    await expect(s.invoke('SaveStats', data.course.id, data.exercise.id, video.id, sessionId, 0, 10)).rejects.toThrow(/Not found/);
    expect(await stored(stranger.accountId)).toHaveLength(0);

    // expelled from the course: its attempt no longer takes watch time
    await t.db.update(enrolments).set({ status: 2 }).where(and(eq(enrolments.courseId, data.course.id), eq(enrolments.accountId, other.accountId)));
    const o = await connect(other);
    await expect(o.invoke('SaveStats', data.course.id, data.exercise.id, video.id, otherSessionId, 0, 10)).rejects.toThrow(/Not found/);
    expect(await stored(other.accountId)).toHaveLength(0);
  });

  it('refuses bad numbers and stores nothing', async () => {
    const before = (await stored(student.accountId)).length;
    const c = await connect(student);
    const save = (start: unknown, end: unknown) => c.invoke('SaveStats', data.course.id, data.exercise.id, video.id, sessionId, start, end);
    for (const [a, b] of [[-1, 5], [10, 10], [20, 5], ['0', '5'], [null, 5], [0, 126], [0, 1e9]] as const) {
      await expect(save(a, b), `${a}..${b}`).rejects.toThrow(/Invalid segment/);
    }
    await expect(c.invoke('SaveStats', 'x', data.exercise.id, video.id, sessionId, 0, 5)).rejects.toThrow(/Invalid segment/);
    await expect(c.invoke('SaveStats', data.course.id, data.exercise.id, video.id)).rejects.toThrow(/Invalid segment/);
    expect(await stored(student.accountId)).toHaveLength(before);
    // within the slide's duration plus the slack
    await expect(save(110, 124)).resolves.toBe(true);
  });

  it('refuses watch time the server clock does not allow since the attempt began, and stores nothing', async () => {
    const fresh = await t.signIn('Students');
    await h.enrol(data.course.id, fresh.accountId);
    const freshSession = await start(fresh);
    const c = await connect(fresh);
    const save = (a: number, b: number) => c.invoke('SaveStats', data.course.id, data.exercise.id, video.id, freshSession, a, b);
    // just started: 30 s of slack at most, then nothing more can have been watched yet
    await expect(save(0, 20)).resolves.toBe(true);
    await expect(save(20, 40)).rejects.toThrow(/Invalid segment/);
    expect((await stored(fresh.accountId)).map((r) => [r.startSecond, r.endSecond])).toEqual([[0, 20]]);
    // a minute later up to 2 × 60 s + 30 s in all
    await t.db.update(attempts).set({ startedAt: new Date(Date.now() - 60_000) }).where(eq(attempts.id, freshSession));
    await expect(save(20, 110)).resolves.toBe(true);
    await expect(save(0, 45)).rejects.toThrow(/Invalid segment/);
    await expect(save(0, 35)).resolves.toBe(true);
    expect(await stored(fresh.accountId)).toHaveLength(3);
  });
});
