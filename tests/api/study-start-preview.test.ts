import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts, exerciseProgress } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The hello page loaded with `preview: true` shows the exercise without starting the attempt (issue 6). */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let timed: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;

const preview = { slideId: 'start', preview: true };
const rowsOf = (who: SignedIn, exerciseId = timed.exercise.id) =>
  t.db.select().from(attempts).where(and(eq(attempts.accountId, who.accountId), eq(attempts.exerciseId, exerciseId)));
const student = async () => {
  const s = await t.signIn('Students');
  await h.enrol(timed.course.id, s.accountId);
  return s;
};

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  timed = await h.course({ timeLimitSeconds: 600 });
});

describe('hello page preview', () => {
  it('creates no attempt and shows the full time limit; Start then creates one', async () => {
    const s = await student();
    const r = await h.call(s, 'POST', `${timed.base}/Pages`, preview);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      slideId: 'start', sessionId: null, attemptNo: 1, status: 'not_started', readOnly: false,
      startedAt: null, deadlineAt: null, secondsLeft: 600, currentSlideId: null, next: timed.radio.id,
      exercise: { id: timed.exercise.id, timeLimitSeconds: 600 },
    });
    expect(body.slides.length).toBe(body.total);
    expect(body.slides.length).toBeGreaterThan(10);
    expect(body.slides.every((x: { answered: boolean }) => x.answered === false)).toBe(true);
    // a second look, still nothing started: no attempt, no progress
    await h.call(s, 'POST', `${timed.base}/Pages`, preview);
    expect(await rowsOf(s)).toHaveLength(0);
    expect(await t.db.select().from(exerciseProgress).where(eq(exerciseProgress.accountId, s.accountId))).toHaveLength(0);

    const started = await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ attemptNo: 1, status: 'in_progress' });
    expect(started.json().sessionId).toEqual(expect.any(Number));
    expect(started.json().secondsLeft).toBeLessThanOrEqual(600);
    expect(await rowsOf(s)).toHaveLength(1);
  });

  it('with an attempt answers it as a start load does, without creating another', async () => {
    const s = await student();
    const started = (await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start' })).json();
    await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: String(timed.checkbox.id), sessionId: started.sessionId });
    const r = await h.call(s, 'POST', `${timed.base}/Pages`, preview);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ sessionId: started.sessionId, attemptNo: 1, status: 'in_progress', currentSlideId: timed.checkbox.id, deadlineAt: started.deadlineAt });
    expect(await rowsOf(s)).toHaveLength(1);
  });

  it('an attempt past its deadline is closed as expired, as before', async () => {
    const s = await student();
    const sid = (await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start' })).json().sessionId as number;
    await h.expire(sid);
    const r = await h.call(s, 'POST', `${timed.base}/Pages`, preview);
    expect(r.json()).toMatchObject({ sessionId: sid, status: 'expired', readOnly: true });
    expect(await rowsOf(s)).toHaveLength(1);
  });

  it('after a retake the next number counts the discarded attempt', async () => {
    const s = await student();
    await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start' });
    await t.db.update(attempts).set({ status: 'discarded' }).where(eq(attempts.accountId, s.accountId));
    const r = await h.call(s, 'POST', `${timed.base}/Pages`, preview);
    expect(r.json()).toMatchObject({ sessionId: null, attemptNo: 2, status: 'not_started' });
  });

  it('an exercise without a time limit: no seconds left', async () => {
    const plain = await h.course();
    const s = await t.signIn('Students');
    await h.enrol(plain.course.id, s.accountId);
    const r = await h.call(s, 'POST', `${plain.base}/Pages`, preview);
    expect(r.json()).toMatchObject({ sessionId: null, status: 'not_started', secondsLeft: null });
    expect(await rowsOf(s, plain.exercise.id)).toHaveLength(0);
  });

  it('a slide or the end step with preview before the first attempt answers the hello page preview (not 404), creating nothing', async () => {
    const s = await student();
    for (const slideId of ['end', String(timed.radio.id)]) {
      const r = await h.call(s, 'POST', `${timed.base}/Pages`, { slideId, preview: true });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ slideId: 'start', sessionId: null, status: 'not_started', next: timed.radio.id });
    }
    // without preview the same load is still the spec's 404
    expect((await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'end' })).statusCode).toBe(404);
    expect(await rowsOf(s)).toHaveLength(0);
  });

  it('a slide with preview once an attempt exists loads the slide as without it', async () => {
    const s = await student();
    const started = (await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start' })).json();
    const r = await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: String(timed.checkbox.id), preview: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ slideId: timed.checkbox.id, sessionId: started.sessionId });
    expect(await rowsOf(s)).toHaveLength(1);
  });
});

describe('guards', () => {
  it('401 unauthenticated, 403 instructor, 404 another course or exercise; nothing created', async () => {
    expect((await h.call(null, 'POST', `${timed.base}/Pages`, preview)).statusCode).toBe(401);
    const teacher = await t.signIn('Instructors');
    expect((await h.call(teacher, 'POST', `${timed.base}/Pages`, preview)).statusCode).toBe(403);
    const stranger = await t.signIn('Students');
    const r = await h.call(stranger, 'POST', `${timed.base}/Pages`, preview);
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBeTruthy();
    const s = await student();
    const foreign = await h.course();
    expect((await h.call(s, 'POST', `/api/trainings/${timed.course.id}/exercises/${foreign.exercise.id}/Pages`, preview)).statusCode).toBe(404);
    expect((await h.call(s, 'POST', `/api/trainings/${foreign.course.id}/exercises/${foreign.exercise.id}/Pages`, preview)).statusCode).toBe(404);
    expect(await rowsOf(stranger)).toHaveLength(0);
    expect(await rowsOf(s, foreign.exercise.id)).toHaveLength(0);
  });

  it('a non-boolean preview is refused', async () => {
    const s = await student();
    expect((await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start', preview: 'yes' })).statusCode).toBe(400);
    expect(await rowsOf(s)).toHaveLength(0);
  });
});
