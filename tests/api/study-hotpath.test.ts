import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, attempts } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * The answer save's fast path (one upsert statement that checks the attempt in itself) and
 * the cached session lookup: the same answers and errors as the checks they stand in for.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;

const start = async (who: SignedIn, base = data.base) => {
  const r = await h.call(who, 'POST', `${base}/Pages`, { slideId: 'start' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().sessionId as number;
};
const student = async () => {
  const s = await t.signIn('Students');
  await h.enrol(data.course.id, s.accountId);
  return s;
};
const saveRadio = (who: SignedIn | null, body: Record<string, unknown>) => h.call(who, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, body);
const stored = (sid: number, slideId = data.radio.id) =>
  t.db.select().from(answers).where(and(eq(answers.attemptId, sid), eq(answers.slideId, slideId))).then((r) => r[0]);

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course();
});

describe('answer save fast path', () => {
  it('401 without a session, 403 for another role', async () => {
    expect((await saveRadio(null, { optionIds: [data.radioOpts[0].id] })).statusCode).toBe(401);
    expect((await saveRadio(await t.signIn('Instructors'), { optionIds: [data.radioOpts[0].id] })).statusCode).toBe(403);
  });

  it('saves into the given session and, without one, into the latest; the resume position follows', async () => {
    const s = await student();
    const sid = await start(s);
    const r = await saveRadio(s, { sessionId: sid, optionIds: [data.radioOpts[1].id] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ sessionId: sid, slideId: data.radio.id, saved: true });
    expect(await stored(sid)).toMatchObject({ correctness: 0, value: { optionIds: [data.radioOpts[1].id] } });
    const latest = await saveRadio(s, { optionIds: [data.radioOpts[0].id] });
    expect(latest.json()).toMatchObject({ sessionId: sid, saved: true });
    expect(await stored(sid)).toMatchObject({ correctness: 1, score: 1 });
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sid));
    expect(a.currentSlideId).toBe(data.radio.id);
  });

  it("another student's session is 404 and gets nothing", async () => {
    const owner = await student();
    const sid = await start(owner);
    const intruder = await student();
    await start(intruder);
    const r = await saveRadio(intruder, { sessionId: sid, optionIds: [data.radioOpts[0].id] });
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBeTruthy();
    expect(await stored(sid)).toBeUndefined();
    // an id out of the integer range is the same 404, not a database error
    expect((await saveRadio(intruder, { sessionId: '9999999999', optionIds: [data.radioOpts[0].id] })).statusCode).toBe(404);
  });

  it('a finished attempt answers 400.16 and keeps its answers', async () => {
    const s = await student();
    const sid = await start(s);
    await saveRadio(s, { sessionId: sid, optionIds: [data.radioOpts[1].id] });
    await t.db.update(attempts).set({ status: 'finished', finishedAt: new Date() }).where(eq(attempts.id, sid));
    const r = await saveRadio(s, { sessionId: sid, optionIds: [data.radioOpts[0].id] });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('16');
    expect((await stored(sid)).value).toEqual({ optionIds: [data.radioOpts[1].id] });
    // without a session id too (the latest attempt is the finished one)
    expect((await saveRadio(s, { optionIds: [data.radioOpts[0].id] })).json().ErrorCode).toBe('16');
  });

  it('past the deadline: 400.17, nothing saved, the attempt expired; the attempt error comes before a malformed answer', async () => {
    const s = await student();
    const sid = await start(s);
    await h.expire(sid);
    const bad = await saveRadio(s, { sessionId: sid, optionIds: [999_999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ErrorCode).toBe('17');
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sid));
    expect(a.status).toBe('expired');
    expect(await stored(sid)).toBeUndefined();
    expect((await saveRadio(s, { sessionId: sid, optionIds: [data.radioOpts[0].id] })).json().ErrorCode).toBe('17');
  });

  it('concurrent saves of one slide: every one acknowledged, one row, holding one of the values sent', async () => {
    const s = await student();
    const sid = await start(s);
    const sent = Array.from({ length: 8 }, (_, i) => data.radioOpts[i % data.radioOpts.length].id);
    const results = await Promise.all(sent.map((id) => saveRadio(s, { sessionId: sid, optionIds: [id] })));
    expect(results.map((r) => r.statusCode)).toEqual(sent.map(() => 200));
    const rows = await t.db.select().from(answers).where(and(eq(answers.attemptId, sid), eq(answers.slideId, data.radio.id)));
    expect(rows).toHaveLength(1);
    expect(sent).toContain((rows[0].value as { optionIds: number[] }).optionIds[0]);
    // then the last one written wins
    await saveRadio(s, { sessionId: sid, optionIds: [data.radioOpts[0].id] });
    expect((await stored(sid)).value).toEqual({ optionIds: [data.radioOpts[0].id] });
  });

  it('free, matching and sequence answers are graded from the data read with the slide', async () => {
    const s = await student();
    const sid = await start(s);
    const free = await h.call(s, 'POST', `${data.base}/questions/free/${data.free.integer.id}/save`, { sessionId: sid, value: '4' });
    expect(free.statusCode, free.body).toBe(200);
    expect(await stored(sid, data.free.integer.id)).toMatchObject({ correctness: 1 });
    const notNumber = await h.call(s, 'POST', `${data.base}/questions/free/${data.free.integer.id}/save`, { sessionId: sid, value: 'abc' });
    expect(notNumber.statusCode).toBe(400);
    const seq = await h.call(s, 'POST', `${data.base}/questions/Sequences/${data.sequence.id}/save`, { sessionId: sid, itemIds: [data.items[0].id] });
    expect(seq.statusCode).toBe(400);
    expect(seq.json().errors.itemIds).toBeTruthy();
    const m = await h.call(s, 'POST', `${data.base}/questions/matches/${data.matching.id}/save`, { sessionId: sid, pairs: [{ optionId: data.mOpts[0].id, targetId: 999_999 }] });
    expect(m.statusCode).toBe(400);
  });
});

describe("the saves' short cache", () => {
  it('remembers no refusal: a student enrolled just after a 404 saves at once', async () => {
    const s = await t.signIn('Students');
    expect((await saveRadio(s, { optionIds: [data.radioOpts[0].id] })).statusCode).toBe(404);
    expect((await h.call(s, 'POST', `${data.base}/questions/answers/999999/save`, { optionIds: [1] })).statusCode).toBe(404);
    await h.enrol(data.course.id, s.accountId);
    const sid = await start(s);
    const r = await saveRadio(s, { sessionId: sid, optionIds: [data.radioOpts[0].id] });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('the cached context is not shared between students', async () => {
    const a = await student();
    const b = await student();
    const sa = await start(a);
    const sb = await start(b);
    await saveRadio(a, { sessionId: sa, optionIds: [data.radioOpts[0].id] });
    // b's save into a's session after a's context was cached: still 404
    expect((await saveRadio(b, { sessionId: sa, optionIds: [data.radioOpts[1].id] })).statusCode).toBe(404);
    expect((await saveRadio(b, { sessionId: sb, optionIds: [data.radioOpts[1].id] })).json().sessionId).toBe(sb);
    expect((await stored(sa)).value).toEqual({ optionIds: [data.radioOpts[0].id] });
  });
});

describe('start in one statement', () => {
  it('starts once and resumes: concurrent starts answer the same attempt, progress in progress, no answers', async () => {
    const s = await student();
    const pages = await Promise.all(Array.from({ length: 5 }, () => h.call(s, 'POST', `${data.base}/Pages`, { slideId: 'start' })));
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(pages.map((p) => p.json().sessionId));
    expect(ids.size).toBe(1);
    const rows = await t.db.select().from(attempts).where(and(eq(attempts.accountId, s.accountId), eq(attempts.exerciseId, data.exercise.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attemptNo: 1, status: 'in_progress', currentSlideId: null });
    expect(rows[0].startedAt).toBeInstanceOf(Date);
    const first = pages[0].json();
    expect(first).toMatchObject({ slideId: 'start', attemptNo: 1, status: 'in_progress', next: data.radio.id, currentSlideId: null });
    expect(first.slides[0]).toMatchObject({ id: data.radio.id, number: 1, answered: false });
    expect(typeof first.slides[0].type).toBe('string');
    // resumed after an answer: the answered mark and the resume position come back
    await saveRadio(s, { sessionId: first.sessionId, optionIds: [data.radioOpts[0].id] });
    const again = (await h.call(s, 'POST', `${data.base}/Pages`, { slideId: 'start' })).json();
    expect(again).toMatchObject({ sessionId: first.sessionId, currentSlideId: data.radio.id });
    expect(again.slides[0].answered).toBe(true);
  });
});

describe('cached session lookup', () => {
  it('sign-out ends the session at once in this process, even just after a cached request', async () => {
    const s = await student();
    await start(s); // the session is now cached
    expect((await h.call(s, 'GET', '/api/account/current-state')).json().role).toBe('Students');
    const out = await h.call(s, 'POST', '/api/account/logout');
    expect(out.statusCode).toBe(200);
    expect((await h.call(s, 'POST', `${data.base}/Pages`, { slideId: 'start' })).statusCode).toBe(401);
    expect((await h.call(s, 'GET', '/api/account/current-state')).json().role).toBe('Guest');
  });
});
