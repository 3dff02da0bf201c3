import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { closedQuestions, courseInstructors, matchingQuestions } from '../../server/db/schema/index.js';
import { forgetAvailability } from '../../server/modules/study/hotCache.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * The exercises check shows each slide's question and what the student chose (issue 27): the
 * question's text; the options of a choice, each chosen or not and right or not; the pairs as
 * matched; the items in the student's order. Only to the course's checkers (the call's own guards,
 * tests/api/evaluation.test.ts).
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let student: SignedIn;
let teacher: SignedIn;
let outsider: SignedIn;
let sessionId: number;

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  // every attempt waits for a check, whatever its answers
  data = await h.course({ completionCondition: 30 });
  await t.db.update(closedQuestions).set({ text: '<p>Столица Франции?</p>' }).where(eq(closedQuestions.id, data.radio.closedQuestionId!));
  await t.db.update(matchingQuestions).set({ text: '<p>Сопоставьте города</p>' }).where(eq(matchingQuestions.id, data.matching.matchingQuestionId!));
  forgetAvailability(t.db);
  student = await t.signIn('Students');
  [teacher, outsider] = await Promise.all([t.signIn('Instructors'), t.signIn('Instructors')]);
  await h.enrol(data.course.id, student.accountId);
  await t.db.insert(courseInstructors).values({ courseId: data.course.id, accountId: teacher.accountId });
  sessionId = (await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' })).json().sessionId;
  const save = async (suffix: string, slideId: number, body: Record<string, unknown>) =>
    expect((await h.call(student, 'POST', `${data.base}/questions/${suffix}/${slideId}/save`, { sessionId, ...body })).statusCode).toBe(200);
  await save('answers', data.radio.id, { optionIds: [data.radioOpts[1].id] });
  await save('matches', data.matching.id, { pairs: [{ optionId: data.mOpts[0].id, targetId: data.targets[0].id }, { optionId: data.mOpts[1].id, targetId: data.targets[0].id }] });
  const [one, two, three] = data.items;
  await save('Sequences', data.sequence.id, { itemIds: [two.id, one.id, three.id] });
  expect((await h.call(student, 'POST', `${data.base}/finish`)).statusCode).toBe(200);
});

describe('the exercises check shows the questions and the choices', () => {
  const attemptOf = async (who: SignedIn) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/instructors/results/verify/Exercise/${data.exercise.id}`,
      headers: who.headers,
      payload: { courseId: data.course.id, filter: 'all' },
    });
    return r;
  };

  it('each slide with its question text and, answered, the choice against the options', async () => {
    const r = await attemptOf(teacher);
    expect(r.statusCode, r.body).toBe(200);
    const attempt = r.json().attempts.find((a: { sessionId: number }) => a.sessionId === sessionId);
    const answer = (slideId: number) => attempt.answers.find((a: { slideId: number }) => a.slideId === slideId);
    expect(answer(data.radio.id)).toMatchObject({
      question: '<p>Столица Франции?</p>',
      given: { kind: 'choice', options: [{ text: 'Париж', chosen: false, correct: true }, { text: 'Лион', chosen: true, correct: false }] },
    });
    expect(answer(data.matching.id)).toMatchObject({
      question: '<p>Сопоставьте города</p>',
      given: { kind: 'matching', pairs: [{ option: 'Париж', target: 'Франция', correct: true }, { option: 'Рим', target: 'Франция', correct: false }] },
    });
    expect(answer(data.sequence.id).given).toEqual({ kind: 'sequence', items: [{ text: 'два', correct: false }, { text: 'один', correct: false }, { text: 'три', correct: true }] });
    // not answered: no choice to show; the question's text still
    expect(answer(data.checkbox.id)).toMatchObject({ answered: false, given: null });
    // a free answer keeps its value (shown as text)
    expect(answer(data.free.string.id)).toMatchObject({ given: null });
  });

  it('an instructor of another course does not see them (404)', async () => {
    expect((await attemptOf(outsider)).statusCode).toBe(404);
  });
});
