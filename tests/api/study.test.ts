import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, attempts, evaluations, exerciseProgress } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The attempt and answer engine (spec 3 §7.4, §8.3–8.4; spec 2 §4–§6). */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let student: SignedIn;
let other: SignedIn;
let sessionId: number;

const start = async (who: SignedIn, base = data.base) => {
  const r = await h.call(who, 'POST', `${base}/Pages`, { slideId: 'start' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().sessionId as number;
};
const saved = (slideId: number, sid = sessionId) =>
  t.db.select().from(answers).where(and(eq(answers.attemptId, sid), eq(answers.slideId, slideId))).then((r) => r[0]);

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course();
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
  sessionId = await start(student);
});

describe('guards', () => {
  it('needs a signed-in student', async () => {
    expect((await h.call(null, 'POST', `${data.base}/Pages`, { slideId: 'start' })).statusCode).toBe(401);
    const teacher = await t.signIn('Instructors');
    expect((await h.call(teacher, 'POST', `${data.base}/Pages`, { slideId: 'start' })).statusCode).toBe(403);
  });

  it('answers 404 outside the enrolment or the program', async () => {
    const stranger = await t.signIn('Students');
    const r = await h.call(stranger, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBeTruthy();
    const expelled = await t.signIn('Students');
    await h.enrol(data.course.id, expelled.accountId, 2);
    expect((await h.call(expelled, 'POST', `${data.base}/Pages`, { slideId: 'start' })).statusCode).toBe(404);
    const foreign = await h.course();
    expect((await h.call(student, 'POST', `/api/trainings/${data.course.id}/exercises/${foreign.exercise.id}/Pages`, { slideId: 'start' })).statusCode).toBe(404);
  });
});

describe('slides', () => {
  it('start resumes the same attempt with a server-clock timing', async () => {
    const r = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    expect(r.json()).toMatchObject({ sessionId, status: 'in_progress', next: data.radio.id });
    expect(r.json().slides.length).toBeGreaterThan(10);
  });

  it('a slide comes without its answers, with its neighbours', async () => {
    const r = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: String(data.radio.id), sessionId });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ previous: 'start', next: data.checkbox.id, number: 1 });
    expect(r.body).not.toContain('isCorrect');
  });

  it("another student's session is 404", async () => {
    const r = await h.call(other, 'POST', `${data.base}/Pages`, { slideId: String(data.radio.id), sessionId });
    expect(r.statusCode).toBe(404);
    expect(r.json().Description).toBeTruthy();
  });
});

describe('answers per kind', () => {
  const save = (suffix: string, slideId: number, body: Record<string, unknown>, who = student) =>
    h.call(who, 'POST', `${data.base}/questions/${suffix}/${slideId}/save`, { sessionId, ...body });

  it('radio: right, wrong, malformed', async () => {
    const [right, wrong] = data.radioOpts;
    expect((await save('answers', data.radio.id, { optionIds: [wrong.id] })).statusCode).toBe(200);
    expect((await saved(data.radio.id)).correctness).toBe(0);
    expect((await save('answers', data.radio.id, { optionIds: [right.id] })).statusCode).toBe(200);
    expect(await saved(data.radio.id)).toMatchObject({ correctness: 1, score: 1 });
    const bad = await save('answers', data.radio.id, { optionIds: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.optionIds).toBeTruthy();
    const two = await save('answers', data.radio.id, { optionIds: [right.id, wrong.id] });
    expect(two.statusCode).toBe(400);
    expect((await saved(data.radio.id)).value).toEqual({ optionIds: [right.id] });
  });

  it('checkbox: all or nothing', async () => {
    const [a, b, c] = data.boxOpts;
    await save('answers', data.checkbox.id, { optionIds: [a.id] });
    expect((await saved(data.checkbox.id)).correctness).toBe(0);
    await save('answers', data.checkbox.id, { optionIds: [a.id, b.id, c.id] });
    expect((await saved(data.checkbox.id)).correctness).toBe(0);
    await save('answers', data.checkbox.id, { optionIds: [c.id, a.id] });
    expect((await saved(data.checkbox.id)).correctness).toBe(1);
    const foreign = await save('answers', data.checkbox.id, { optionIds: [data.radioOpts[0].id] });
    expect(foreign.statusCode).toBe(400);
  });

  it.each([
    ['date', '09.05.2024', '2024-05-10', '31.02.2024'],
    ['string', '  москва ', 'Питер', null],
    ['integer', '4', '5', '4.5'],
    ['float', '3,14', '3.15', 'abc'],
    ['boolean', 'true', 'false', 'maybe'],
  ] as const)('free %s: right, wrong, malformed', async (type, right, wrong, malformed) => {
    const slide = data.free[type];
    expect((await save('free', slide.id, { value: wrong })).statusCode).toBe(200);
    expect((await saved(slide.id)).correctness).toBe(0);
    expect((await save('free', slide.id, { value: right })).statusCode).toBe(200);
    expect((await saved(slide.id)).correctness).toBe(1);
    if (malformed !== null) {
      const r = await save('free', slide.id, { value: malformed });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors.value).toBeTruthy();
      expect((await saved(slide.id)).value).toEqual({ value: right });
    }
    expect((await save('free', slide.id, {})).statusCode).toBe(400);
  });

  it('matching: per pair', async () => {
    const [o1, o2] = data.mOpts;
    const [t1, t2] = data.targets;
    await save('matches', data.matching.id, { pairs: [{ optionId: o1.id, targetId: t1.id }, { optionId: o2.id, targetId: t1.id }] });
    expect(await saved(data.matching.id)).toMatchObject({ correctness: 0, score: 0.5 });
    await save('matches', data.matching.id, { pairs: [{ optionId: o1.id, targetId: t1.id }, { optionId: o2.id, targetId: t2.id }] });
    expect(await saved(data.matching.id)).toMatchObject({ correctness: 1, score: 1 });
    expect((await save('matches', data.matching.id, { pairs: [{ optionId: 999999, targetId: t1.id }] })).statusCode).toBe(400);
    expect((await save('matches', data.matching.id, { pairs: 'no' })).statusCode).toBe(400);
  });

  it('sequence: exact order', async () => {
    const [a, b, c] = data.items;
    await save('Sequences', data.sequence.id, { itemIds: [b.id, a.id, c.id] });
    expect((await saved(data.sequence.id)).correctness).toBe(0);
    await save('Sequences', data.sequence.id, { itemIds: [a.id, b.id, c.id] });
    expect((await saved(data.sequence.id)).correctness).toBe(1);
    const r = await save('Sequences', data.sequence.id, { itemIds: [a.id, b.id] });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.itemIds).toBeTruthy();
  });

  it('attributes: saved, not rated', async () => {
    expect((await save('attributes', data.attributesSlide.id, { values: {} })).statusCode).toBe(200);
    expect((await saved(data.attributesSlide.id)).correctness).toBe(2);
    expect((await save('attributes', data.attributesSlide.id, { values: { 12345: 'x' } })).statusCode).toBe(400);
  });

  it('a slide of another kind or exercise is 404', async () => {
    expect((await save('free', data.radio.id, { value: '1' })).statusCode).toBe(404);
    expect((await save('answers', 99999999, { optionIds: [] })).statusCode).toBe(404);
  });

  it("another student's attempt is 404 and nothing is saved", async () => {
    const r = await save('answers', data.radio.id, { optionIds: [data.radioOpts[1].id] }, other);
    expect(r.statusCode).toBe(404);
    expect((await saved(data.radio.id)).correctness).toBe(1);
  });

  it('code: share of passed cases (sandbox)', async () => {
    const ok = await save('code', data.code.id, { code: 'print(int(input())*2)' });
    if (ok.statusCode === 503) return; // no bwrap on this machine: the runner fails closed
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await saved(data.code.id)).toMatchObject({ correctness: 1, score: 1 });
    await save('code', data.code.id, { code: 'print(4)' });
    expect(await saved(data.code.id)).toMatchObject({ correctness: 0, score: 0.5 });
    const run = await h.call(student, 'POST', `${data.base}/questions/code/${data.code.id}/execTextCases`, { sessionId, code: 'print(4)' });
    expect(run.statusCode).toBe(200);
    expect(run.json().results).toHaveLength(1);
    expect((await save('code', data.code.id, { code: 5 })).statusCode).toBe(400);
  });
});

describe('sessions and time', () => {
  it('no active session: 400.16', async () => {
    const s = await t.signIn('Students');
    await h.enrol(data.course.id, s.accountId);
    const r = await h.call(s, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { optionIds: [data.radioOpts[0].id] });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: '16' });
  });

  it('an expired attempt: 400.17 and nothing saved', async () => {
    const s = await t.signIn('Students');
    await h.enrol(data.course.id, s.accountId);
    const sid = await start(s);
    await h.expire(sid);
    const r = await h.call(s, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId: sid, optionIds: [data.radioOpts[0].id] });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: '17' });
    expect(await saved(data.radio.id, sid)).toBeUndefined();
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sid));
    expect(a.status).toBe('expired');
    const again = await h.call(s, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId: sid, optionIds: [data.radioOpts[0].id] });
    expect(again.json().ErrorCode).toBe('17');
  });

  it('the deadline follows the time limit by the server clock', async () => {
    const timed = await h.course({ timeLimitSeconds: 600 });
    const s = await t.signIn('Students');
    await h.enrol(timed.course.id, s.accountId);
    const r = await h.call(s, 'POST', `${timed.base}/Pages`, { slideId: 'start' });
    const left = r.json().secondsLeft as number;
    expect(left).toBeGreaterThan(590);
    expect(left).toBeLessThanOrEqual(600);
  });
});

describe('finish and restart', () => {
  it('finish with a missing required answer is refused', async () => {
    const s = await t.signIn('Students');
    await h.enrol(data.course.id, s.accountId);
    await start(s);
    const r = await h.call(s, 'POST', `${data.base}/finish`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: 'SessionNotCompleted', unansweredSlideIds: [data.radio.id] });
  });

  it('finish scores the attempt and the final page shows it', async () => {
    const r = await h.call(student, 'POST', `${data.base}/finish`);
    expect(r.statusCode, r.body).toBe(200);
    const res = r.json();
    expect(res.status).toBe(4);
    expect(res.score).toBeGreaterThan(5);
    expect(res.questions.find((q: { slideId: number }) => q.slideId === data.radio.id)).toMatchObject({ correctness: 1, answered: true });
    const g = await h.call(student, 'GET', `${data.base}/finish`);
    expect(g.json()).toMatchObject({ sessionId, score: res.score, maxScore: res.maxScore, showsCorrectAnswers: false });
    expect(g.body).not.toContain('correctAnswer":{');
    const late = await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId, optionIds: [data.radioOpts[1].id] });
    expect(late.json().ErrorCode).toBe('16');
  });

  it('the final page of an overdue attempt changes nothing on GET (400.17); POST finish closes it as expired', async () => {
    const learner = await t.signIn('Students');
    await h.enrol(data.course.id, learner.accountId);
    const start = await h.call(learner, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    const sid = start.json().sessionId as number;
    await h.expire(sid);
    const g = await h.call(learner, 'GET', `${data.base}/finish`);
    expect(g.json()).toMatchObject({ ErrorCode: '17' });
    expect((await t.db.select().from(attempts).where(eq(attempts.id, sid)))[0].status).toBe('in_progress');
    const p = await h.call(learner, 'POST', `${data.base}/finish`);
    expect(p.statusCode, p.body).toBe(200);
    expect((await t.db.select().from(attempts).where(eq(attempts.id, sid)))[0].status).toBe('expired');
  });

  it('restart discards the old attempt; past the limit 401; lectures 400', async () => {
    const first = await h.call(student, 'POST', `${data.base}/restart`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().sessionId).not.toBe(sessionId);
    const [old] = await t.db.select().from(attempts).where(eq(attempts.id, sessionId));
    expect(old.status).toBe('discarded');
    await t.db.update(exerciseProgress).set({ restarts: 3 }).where(and(eq(exerciseProgress.accountId, student.accountId), eq(exerciseProgress.exerciseId, data.exercise.id)));
    const over = await h.call(student, 'POST', `${data.base}/restart`);
    expect(over.statusCode).toBe(401);
    expect(over.json()).toMatchObject({ ErrorCode: 'RestartCountExceeded' });
    // no retake left: the final page may preview the correct answers
    const radioAnswer = async () => {
      const res = await h.call(student, 'GET', `${data.base}/finish`);
      return res.json().questions.find((q: { slideId: number }) => q.slideId === data.radio.id).correctAnswer;
    };
    expect(await radioAnswer()).toBeNull();
    await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { optionIds: [data.radioOpts[0].id] });
    expect((await h.call(student, 'POST', `${data.base}/finish`)).statusCode).toBe(200);
    expect(await radioAnswer()).toEqual({ optionIds: [data.radioOpts[0].id] });
    const lecture = await h.call(student, 'POST', `/api/trainings/${data.course.id}/exercises/${data.lecture.id}/restart`);
    expect(lecture.statusCode).toBe(400);
  });

  it('manual-check answers put the exercise into evaluation', async () => {
    const m = await h.manualExercise(data.program.id, data.exercise.lessonId);
    const base = `/api/trainings/${data.course.id}/exercises/${m.exercise.id}`;
    const s = await t.signIn('Students');
    await h.enrol(data.course.id, s.accountId);
    const sid = await start(s, base);
    const long = await h.call(s, 'POST', `${base}/questions/free/${m.textarea.id}/save`, { sessionId: sid, value: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await h.call(s, 'POST', `${base}/questions/free/${m.textarea.id}/save`, { sessionId: sid, value: 'Моё эссе' })).statusCode).toBe(200);
    const wrongType = await h.ownFile(s.accountId, 'a.exe');
    expect((await h.call(s, 'POST', `${base}/questions/files/${m.file.id}/save`, { sessionId: sid, fileIds: [wrongType.id] })).statusCode).toBe(400);
    const foreign = await h.ownFile(other.accountId, 'b.pdf');
    expect((await h.call(s, 'POST', `${base}/questions/files/${m.file.id}/save`, { sessionId: sid, fileIds: [foreign.id] })).statusCode).toBe(400);
    const { multipart } = await import('./support/questions.js');
    const tooBig = multipart([{ name: 'sessionId', value: String(sid) }, { name: 'file', filename: 'big.pdf', content: Buffer.alloc(1024 * 1024 + 10) }]);
    const big = await t.app.inject({ method: 'POST', url: `${base}/questions/files/${m.file.id}/save`, headers: { ...s.headers, ...tooBig.headers }, payload: tooBig.payload });
    expect(big.statusCode).toBe(400);
    const upload = multipart([{ name: 'sessionId', value: String(sid) }, { name: 'file', filename: 'essay.pdf', content: '%PDF-1.4 test' }]);
    const up = await t.app.inject({ method: 'POST', url: `${base}/questions/files/${m.file.id}/save`, headers: { ...s.headers, ...upload.headers }, payload: upload.payload });
    expect(up.statusCode, up.body).toBe(200);
    expect(((await saved(m.file.id, sid)).value as { files: { name: string }[] }).files[0].name).toBe('essay.pdf');
    const mine = await h.ownFile(s.accountId, 'work.pdf');
    expect((await h.call(s, 'POST', `${base}/questions/files/${m.file.id}/save`, { sessionId: sid, fileIds: [mine.id] })).statusCode).toBe(200);
    const r = await h.call(s, 'POST', `${base}/finish`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 3, requiresReview: true });
    expect(await t.db.select().from(evaluations).where(eq(evaluations.attemptId, sid))).toHaveLength(1);
  });
});
