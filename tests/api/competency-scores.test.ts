import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { competencyScores, exerciseCompetencies, exercises } from '../../server/db/schema/index.js';
import { competencyValue } from '../../server/modules/study/grading.js';
import { forgetAvailability } from '../../server/modules/study/hotCache.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Competency scores are written by grading (issue 12 item 6): automatic grading at finish writes
 * each competency of the exercise 0..1 (score / maximum score), a retake removes it, and
 * GET /api/profile/Skills (the page /competencies) answers them by name, weighted across exercises.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let student: SignedIn;
let other: SignedIn;
let logic: typeof exerciseCompetencies.$inferSelect;

const skills = (who: SignedIn | null) => h.call(who, 'GET', '/api/profile/Skills');
const scoresOf = (who: SignedIn) => t.db.select().from(competencyScores).where(eq(competencyScores.accountId, who.accountId));

async function finishWithRadio(who: SignedIn, base: string, radio: { id: number }, optionId: number) {
  const sid = (await h.call(who, 'POST', `${base}/Pages`, { slideId: 'start' })).json().sessionId as number;
  expect((await h.call(who, 'POST', `${base}/questions/answers/${radio.id}/save`, { sessionId: sid, optionIds: [optionId] })).statusCode).toBe(200);
  const r = await h.call(who, 'POST', `${base}/finish`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course({ restartLimit: 3 });
  [student, other] = await Promise.all([t.signIn('Students'), t.signIn('Students')]);
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
  [logic] = await t.db.insert(exerciseCompetencies).values([{ exerciseId: data.exercise.id, name: 'Логика', weight: 2 }]).returning();
});

describe('grading writes competency scores', () => {
  it('the value is the share of the maximum score, two decimals, within 0..1', () => {
    expect(competencyValue(1, 10)).toBe(0.1);
    expect(competencyValue(2, 3)).toBe(0.67);
    expect(competencyValue(12, 10)).toBe(1);
    expect(competencyValue(null, 10)).toBe(0);
    expect(competencyValue(0, 0)).toBe(1);
  });

  it('/competencies is empty before any grading', async () => {
    expect((await skills(student)).json()).toEqual([]);
  });

  it('automatic grading at finish writes the score of each competency the exercise carries', async () => {
    const result = await finishWithRadio(student, data.base, data.radio, data.radioOpts[0].id);
    expect(result).toMatchObject({ status: 4, score: 1 });
    const rows = await scoresOf(student);
    expect(rows).toEqual([expect.objectContaining({ competencyId: logic.id, courseId: data.course.id, value: competencyValue(1, result.maxScore) })]);
    // the final page's modal shows it
    const modal = await h.call(student, 'GET', `${data.base}/competencies`);
    expect(modal.json()).toEqual([expect.objectContaining({ name: 'Логика', value: rows[0].value })]);
    expect((await skills(student)).json()).toEqual([{ key: 'Логика', value: rows[0].value }]);
    expect(await scoresOf(other)).toEqual([]);
    expect((await skills(other)).json()).toEqual([]);
  });

  it('a retake removes the score until the exercise is graded again', async () => {
    expect((await h.call(student, 'POST', `${data.base}/restart`)).statusCode).toBe(200);
    expect(await scoresOf(student)).toEqual([]);
    const result = await finishWithRadio(student, data.base, data.radio, data.radioOpts[1].id);
    expect(result.score).toBe(0);
    expect((await scoresOf(student))[0].value).toBe(0);
  });

  it('Skills: one row per competency name, the weighted average across exercises', async () => {
    // a second exercise of the course carries "Логика" too, weight 1, and everything in it is right
    const [ex2] = await t.db.insert(exercises).values({ programId: data.program.id, lessonId: data.exercise.lessonId, label: 'Лекция 2', exerciseType: 10, sequence: 9 }).returning();
    await t.db.insert(exerciseCompetencies).values({ exerciseId: ex2.id, name: 'Логика', weight: 1 });
    forgetAvailability(t.db); // written behind the API's back: what the programs API does after adding an exercise
    const base2 = `/api/trainings/${data.course.id}/exercises/${ex2.id}`;
    await h.call(student, 'POST', `${base2}/Pages`, { slideId: 'start' });
    expect((await h.call(student, 'POST', `${base2}/finish`)).json()).toMatchObject({ status: 5 });
    // (0 × 2 + 1 × 1) / 3
    expect((await skills(student)).json()).toEqual([{ key: 'Логика', value: 0.33 }]);
  });

  it('guards: 401 unauthenticated, 403 for staff', async () => {
    expect((await skills(null)).statusCode).toBe(401);
    expect((await skills(await t.signIn('Instructors'))).statusCode).toBe(403);
  });

  it('a course the student left counts no more', async () => {
    const { enrolments } = await import('../../server/db/schema/index.js');
    await t.db.update(enrolments).set({ status: 2 }).where(and(eq(enrolments.accountId, student.accountId), eq(enrolments.courseId, data.course.id)));
    expect((await skills(student)).json()).toEqual([]);
  });
});
