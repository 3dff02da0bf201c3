import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, exercises } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * The answer saves' hot cache (server/modules/study/hotCache.ts) holds the exercise's availability
 * and the slide's question for seconds; an instructor's change must reach the very next save,
 * not the one after the cache's TTL. Each case saves first (filling the cache), changes through
 * the API, and saves again at once.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let root: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  root = await t.signIn('Root');
});

async function examInProgress() {
  const data = await h.course();
  const student = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  const started = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
  expect(started.statusCode, started.body).toBe(200);
  const sessionId = started.json().sessionId as number;
  const save = (kind: string, slideId: number, body: Record<string, unknown>) =>
    h.call(student, 'POST', `${data.base}/questions/${kind}/${slideId}/save`, { sessionId, ...body });
  const stored = async (slideId: number) =>
    (await t.db.select().from(answers).where(and(eq(answers.attemptId, sessionId), eq(answers.slideId, slideId))))[0];
  return { data, save, stored };
}

const asRoot = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { ...root.headers, host: 'localhost:3000' }, payload });

describe('answer saves see an instructor change at once', () => {
  it('refuses a save right after the exercise is closed (availability rule: unavailable)', async () => {
    const { data, save } = await examInProgress();
    const [right] = data.radioOpts;
    expect((await save('answers', data.radio.id, { optionIds: [right.id] })).statusCode).toBe(200); // cached as open

    const closed = await asRoot('PUT', `/api/instructors/Courses/${data.program.id}/Exercises/${data.exercise.id}/Info`, {
      label: data.exercise.label,
      exerciseType: data.exercise.exerciseType,
      availabilityRule: 0, // unavailable: closed even to a started attempt
      completionCondition: data.exercise.completionCondition,
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const refused = await save('answers', data.radio.id, { optionIds: [right.id] });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().ErrorCode).toBe('15');
  });

  it('grades a save right after a question edit against the edited question', async () => {
    const { data, save, stored } = await examInProgress();
    const slide = data.free.string; // accepts «Москва»
    expect((await save('free', slide.id, { value: 'Казань' })).statusCode).toBe(200); // cached with the old answer key
    expect((await stored(slide.id)).correctness).toBe(0);

    const edited = await asRoot('PUT', `/api/questions/free/${slide.freeQuestionId}`, { label: 'Столица', inputType: 2, correctValues: ['Казань'] });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await save('free', slide.id, { value: 'Казань' })).statusCode).toBe(200);
    expect(await stored(slide.id)).toMatchObject({ correctness: 1, value: { value: 'Казань' } });
  });
});

describe("an exam's starts share the course's part (issue 15: 500 starts on PGlite's one connection)", () => {
  it("reads the course's exercises and availability once for all its students, and again right after an instructor's change", async () => {
    const data = await h.course();
    const enrolled = async () => {
      const s = await t.signIn('Students');
      await h.enrol(data.course.id, s.accountId);
      return s;
    };
    const start = async (s: SignedIn) => h.call(s, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    expect((await start(await enrolled())).statusCode).toBe(200);
    // closed behind the API's back: the next student's start still uses the course's part read by the first
    await t.db.update(exercises).set({ availabilityRule: 0 }).where(eq(exercises.id, data.exercise.id));
    const second = await start(await enrolled());
    expect(second.statusCode, second.body).toBe(200);
    // the student's own part is read each time: one not enrolled is refused
    expect((await start(await t.signIn('Students'))).statusCode).toBe(404);

    // an instructor closes it through the API: the very next start is refused
    const closed = await asRoot('PUT', `/api/instructors/Courses/${data.program.id}/Exercises/${data.exercise.id}/Info`, {
      label: data.exercise.label,
      exerciseType: data.exercise.exerciseType,
      availabilityRule: 0,
      completionCondition: data.exercise.completionCondition,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await start(await enrolled());
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().ErrorCode).toBe('15');
  });
});
