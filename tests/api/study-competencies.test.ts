import { beforeAll, describe, expect, it } from 'vitest';
import { competencyScores, exerciseCompetencies } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The final page's competencies modal: GET /api/trainings/{courseId}/exercises/{exerciseId}/competencies. */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let student: SignedIn;
let other: SignedIn;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course();
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
  url = `${data.base}/competencies`;
  const [logic, syntax] = await t.db
    .insert(exerciseCompetencies)
    .values([
      { exerciseId: data.exercise.id, name: 'Логика', weight: 2 },
      { exerciseId: data.exercise.id, name: 'Синтаксис', weight: 1 },
    ])
    .returning();
  await t.db.insert(competencyScores).values({ accountId: student.accountId, courseId: data.course.id, competencyId: logic.id, value: 0.75 });
  await t.db.insert(competencyScores).values({ accountId: other.accountId, courseId: data.course.id, competencyId: syntax.id, value: 0.1 });
});

describe('exercise competencies for the student', () => {
  it('needs a signed-in student', async () => {
    expect((await h.call(null, 'GET', url)).statusCode).toBe(401);
    const teacher = await t.signIn('Instructors');
    expect((await h.call(teacher, 'GET', url)).statusCode).toBe(403);
  });

  it("lists the exercise's competencies with the caller's own score only", async () => {
    const r = await h.call(student, 'GET', url);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([
      expect.objectContaining({ name: 'Логика', weight: 2, value: 0.75 }),
      expect.objectContaining({ name: 'Синтаксис', weight: 1, value: null }),
    ]);
    const theirs = (await h.call(other, 'GET', url)).json() as { name: string; value: number | null }[];
    expect(theirs.map((c) => c.value)).toEqual([null, 0.1]);
  });

  it('an exercise without competencies answers an empty list', async () => {
    const r = await h.call(student, 'GET', `/api/trainings/${data.course.id}/exercises/${data.lecture.id}/competencies`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([]);
  });

  it("the final page's result says how many competencies the exercise trains (none: the page offers none)", async () => {
    const lectureBase = `/api/trainings/${data.course.id}/exercises/${data.lecture.id}`;
    for (const base of [data.base, lectureBase]) expect((await h.call(student, 'POST', `${base}/Pages`, { slideId: 'start' })).statusCode).toBe(200);
    expect((await h.call(student, 'GET', `${data.base}/finish`)).json()).toMatchObject({ competencyCount: 2 });
    expect((await h.call(student, 'GET', `${lectureBase}/finish`)).json()).toMatchObject({ competencyCount: 0 });
  });

  it('answers 404 outside the enrolment or the program', async () => {
    const stranger = await t.signIn('Students');
    const r = await h.call(stranger, 'GET', url);
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBeTruthy();
    const foreign = await h.course();
    expect((await h.call(student, 'GET', `/api/trainings/${data.course.id}/exercises/${foreign.exercise.id}/competencies`)).statusCode).toBe(404);
    expect((await h.call(student, 'GET', `/api/trainings/${data.course.id}/exercises/abc/competencies`)).statusCode).toBe(404);
  });
});
