import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, attempts } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 29 item 5: a retake starts a fresh attempt at once. The player names the attempt of its
 * last load in the next ones; right after a retake that is the discarded attempt, and the first
 * slide came back read-only with its answers. Now a load naming a discarded attempt answers with
 * the retake's, and the student answers at once.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course();
});

async function finishedAttempt(): Promise<{ student: SignedIn; first: number }> {
  const student = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  const started = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
  expect(started.statusCode, started.body).toBe(200);
  const first = started.json().sessionId as number;
  const saved = await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId: first, optionIds: [data.radioOpts[0].id] });
  expect(saved.statusCode, saved.body).toBe(200);
  const finished = await h.call(student, 'POST', `${data.base}/finish`);
  expect(finished.statusCode, finished.body).toBe(200);
  return { student, first };
}

const load = (who: SignedIn, body: Record<string, unknown>) => h.call(who, 'POST', `${data.base}/Pages`, body);

describe('a retake starts a fresh attempt at once', () => {
  it("the player's next load, naming the discarded attempt, gets the new one; the first answer saves into it", async () => {
    const { student, first } = await finishedAttempt();
    // the finished attempt, reviewed: read-only with its answer
    const review = await load(student, { slideId: String(data.radio.id), sessionId: first });
    expect(review.json()).toMatchObject({ sessionId: first, readOnly: true, answer: { optionIds: [data.radioOpts[0].id] } });

    const retake = await h.call(student, 'POST', `${data.base}/restart`);
    expect(retake.statusCode, retake.body).toBe(200);
    const second = retake.json().sessionId as number;
    expect(retake.json().attemptNo).toBe(2);

    // the hello page, then the first slide as the player loads it (still naming attempt 1)
    expect((await load(student, { slideId: 'start', preview: true })).json()).toMatchObject({ sessionId: second, attemptNo: 2, status: 'in_progress', readOnly: false });
    const slide = await load(student, { slideId: String(data.radio.id), sessionId: first });
    expect(slide.statusCode, slide.body).toBe(200);
    expect(slide.json()).toMatchObject({ sessionId: second, attemptNo: 2, status: 'in_progress', readOnly: false, answer: null });
    expect(slide.json().slides.every((s: { answered: boolean }) => !s.answered)).toBe(true);

    const saved = await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId: slide.json().sessionId, optionIds: [data.radioOpts[1].id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sessionId: second, saved: true });
    const [stored] = await t.db.select().from(answers).where(and(eq(answers.attemptId, second), eq(answers.slideId, data.radio.id)));
    expect(stored.value).toEqual({ optionIds: [data.radioOpts[1].id] });

    // the discarded attempt takes nothing and keeps what it had (for the record)
    const late = await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId: first, optionIds: [data.radioOpts[0].id] });
    expect(late.json().ErrorCode).toBe('16');
    const [old] = await t.db.select().from(answers).where(and(eq(answers.attemptId, first), eq(answers.slideId, data.radio.id)));
    expect(old.value).toEqual({ optionIds: [data.radioOpts[0].id] });
    expect((await t.db.select({ status: attempts.status }).from(attempts).where(eq(attempts.id, first)))[0].status).toBe('discarded');
  });

  it('another student cannot reach an attempt through a discarded id of someone else (404)', async () => {
    const { first } = await finishedAttempt();
    const other = await t.signIn('Students');
    await h.enrol(data.course.id, other.accountId);
    await load(other, { slideId: 'start' });
    const res = await load(other, { slideId: String(data.radio.id), sessionId: first });
    expect(res.statusCode).toBe(404);
  });
});
