import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, feedback, programAuthors, reflectionAnswers, reflectionQuestions, tutorStudents } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** Reflection questions (authoring, spec 2 §6 "Survey reflection") and the feedback and reflection answers instructors read. */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let other: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let author: SignedIn;
let stranger: SignedIn;
let noFlag: SignedIn;
let student: SignedIn;
let student2: SignedIn;
let teacher: SignedIn;
let tutorNoPanel: SignedIn;
let tutor: SignedIn;

type M = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: SignedIn | null, method: M, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const Q = () => `/api/reflection/exercises/${data.exercise.id}/questions`;
const questionsNow = () => t.db.select().from(reflectionQuestions).where(eq(reflectionQuestions.exerciseId, data.exercise.id));

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course({ feedbackEnabled: true });
  other = await h.course();
  author = await t.signIn('Instructors', { flags: ['OnlyEditSettings'] });
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['ShowVisitJournal'] });
  await t.db.insert(programAuthors).values([
    { programId: data.program.id, accountId: author.accountId },
    { programId: other.program.id, accountId: stranger.accountId },
  ]);
  student = await t.signIn('Students', { lastName: 'Аннина' });
  student2 = await t.signIn('Students', { lastName: 'Борин' });
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, student2.accountId);
  teacher = await t.signIn('Instructors');
  tutorNoPanel = await t.signIn('Instructors');
  tutor = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values([
    { courseId: data.course.id, accountId: teacher.accountId },
    { courseId: data.course.id, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [1, 3] },
    { courseId: data.course.id, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [2] },
  ]);
  await t.db.insert(tutorStudents).values({ courseId: data.course.id, tutorId: tutor.accountId, studentId: student2.accountId });
});

describe('authoring reflection questions', () => {
  it('guards: 401, 403 student and instructor without the slides flags, 404 for a program the instructor does not author', async () => {
    const body = { text: 'Что было полезно?', answerKind: 'text' };
    expect((await req(null, 'POST', Q(), body)).statusCode).toBe(401);
    expect((await req(student, 'POST', Q(), body)).statusCode).toBe(403);
    expect((await req(noFlag, 'POST', Q(), body)).statusCode).toBe(403);
    const r = await req(stranger, 'POST', Q(), body);
    expect(r.statusCode).toBe(404);
    expect(r.json().ErrorCode).toBe('ExerciseNotFound');
    expect((await req(stranger, 'GET', Q())).statusCode).toBe(404);
    expect(await questionsNow()).toEqual([]);
  });

  it('bad input: the kinds\' rules (options only for choice, at least two, maxAnswers within them, minChars only for text)', async () => {
    const cases: [unknown, string][] = [
      [{ text: '', answerKind: 'text' }, 'text'],
      [{ text: 'x'.repeat(1001), answerKind: 'text' }, 'text'],
      [{ text: 'Вопрос', answerKind: 'other' }, 'answerKind'],
      [{ text: 'Вопрос', answerKind: 'text', options: [{ text: 'а' }, { text: 'б' }] }, 'options'],
      [{ text: 'Вопрос', answerKind: 'text', maxAnswers: 1 }, 'maxAnswers'],
      [{ text: 'Вопрос', answerKind: 'text', minChars: 0 }, 'minChars'],
      [{ text: 'Вопрос', answerKind: 'choice', options: [{ text: 'а' }] }, 'options'],
      [{ text: 'Вопрос', answerKind: 'choice', options: [{ text: 'а' }, { text: 'б' }], maxAnswers: 3 }, 'maxAnswers'],
      [{ text: 'Вопрос', answerKind: 'choice', options: [{ text: 'а' }, { text: 'б' }], minChars: 5 }, 'minChars'],
    ];
    for (const [body, field] of cases) {
      const r = await req(author, 'POST', Q(), body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await questionsNow()).toEqual([]);
  });

  it('creates, edits (options keep their ids) and orders; the student sees the survey in that order', async () => {
    const a = await req(author, 'POST', Q(), { text: 'Что было полезно?', answerKind: 'text', required: true, minChars: 10 });
    expect(a.statusCode, a.body).toBe(200);
    const b = await req(author, 'POST', Q(), { text: 'Что понравилось?', answerKind: 'choice', options: [{ text: 'Лекция' }, { text: 'Тест' }], maxAnswers: 2 });
    expect(b.json()).toMatchObject({ sequence: 1, options: [{ id: 1, text: 'Лекция' }, { id: 2, text: 'Тест' }] });
    const edit = await req(author, 'PUT', `/api/reflection/questions/${b.json().id}`, {
      text: 'Что понравилось больше?',
      answerKind: 'choice',
      options: [{ id: 2, text: 'Тест' }, { text: 'Обсуждение' }],
      maxAnswers: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ text: 'Что понравилось больше?', options: [{ id: 2, text: 'Тест' }, { id: 3, text: 'Обсуждение' }], maxAnswers: 1 });
    // an option id the question never had
    expect((await req(author, 'PUT', `/api/reflection/questions/${b.json().id}`, { text: 'x', answerKind: 'choice', options: [{ id: 99, text: 'а' }, { text: 'б' }] })).statusCode).toBe(400);
    expect((await req(author, 'PUT', '/api/reflection/questions/999999', { text: 'x', answerKind: 'text' })).statusCode).toBe(404);
    expect((await req(stranger, 'PUT', `/api/reflection/questions/${b.json().id}`, { text: 'x', answerKind: 'text' })).statusCode).toBe(404);
    // order: every question exactly once
    expect((await req(author, 'PUT', `${Q()}/Reorder`, { ids: [b.json().id] })).statusCode).toBe(400);
    expect((await req(author, 'PUT', `${Q()}/Reorder`, { ids: [b.json().id, b.json().id] })).statusCode).toBe(400);
    const order = await req(author, 'PUT', `${Q()}/Reorder`, { ids: [b.json().id, a.json().id] });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().map((q: { id: number }) => q.id)).toEqual([b.json().id, a.json().id]);
    const survey = await req(student, 'GET', `/api/Training/${data.course.id}/exercise/${data.exercise.id}/reflectionQuestion`);
    expect(survey.json().questions.map((q: { text: string }) => q.text)).toEqual(['Что понравилось больше?', 'Что было полезно?']);
  });
});

describe('reading feedback and reflection answers', () => {
  beforeAll(async () => {
    const qs = await t.db.select().from(reflectionQuestions).where(eq(reflectionQuestions.exerciseId, data.exercise.id));
    const choice = qs.find((q) => q.answerKind === 'choice')!;
    const text = qs.find((q) => q.answerKind === 'text')!;
    await t.db.insert(feedback).values([
      { accountId: student.accountId, courseId: data.course.id, exerciseId: data.exercise.id, rating: 5, text: 'Отлично' },
      { accountId: student2.accountId, courseId: data.course.id, exerciseId: data.exercise.id, rating: 3, text: '=1+1' },
    ]);
    await t.db.insert(reflectionAnswers).values([
      { questionId: choice.id, accountId: student.accountId, courseId: data.course.id, value: { optionIds: [3] } },
      { questionId: text.id, accountId: student.accountId, courseId: data.course.id, value: { text: 'Разбор задач был полезен' } },
    ]);
  });
  const list = () => `/api/instructors/trainings/${data.course.id}/feedback`;
  const one = (exerciseId: number = data.exercise.id) => `/api/instructors/trainings/${data.course.id}/exercises/${exerciseId}/feedback`;

  it('per exercise: feedback count, mean rating, reflections', async () => {
    const r = await req(teacher, 'GET', list());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().find((e: { exerciseId: number }) => e.exerciseId === data.exercise.id)).toMatchObject({ feedback: 2, averageRating: 4, questions: 2, reflections: 1, feedbackEnabled: true });
  });

  it("one exercise: each student's rating, text and answers (options by their texts)", async () => {
    const r = await req(teacher, 'GET', one());
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.metadata.filteredRecords).toBe(2);
    expect(body.questions).toHaveLength(2);
    const ann = body.result[0];
    expect(ann).toMatchObject({ studentId: student.accountId, rating: 5, text: 'Отлично' });
    expect(Object.values(ann.answers)).toEqual(expect.arrayContaining([{ options: ['Обсуждение'] }, { text: 'Разбор задач был полезен' }]));
  });

  it('guards: 401, 403 student and no ShowStudents, 403 tutor without panel 2, 404 instructor of another course; a tutor reads only their students', async () => {
    for (const url of [list(), one()]) {
      expect((await req(null, 'GET', url)).statusCode).toBe(401);
      expect((await req(student, 'GET', url)).statusCode).toBe(403);
      expect((await req(noFlag, 'GET', url)).statusCode).toBe(403);
      expect((await req(tutorNoPanel, 'GET', url)).statusCode).toBe(403);
      expect((await req(stranger, 'GET', url)).statusCode).toBe(404);
    }
    expect((await req(tutor, 'GET', one())).json().result.map((s: { studentId: number }) => s.studentId)).toEqual([student2.accountId]);
    expect((await req(tutor, 'GET', list())).json().find((e: { exerciseId: number }) => e.exerciseId === data.exercise.id)).toMatchObject({ feedback: 1, averageRating: 3 });
  });

  it('bad input: an exercise of another course, paging out of range', async () => {
    expect((await req(teacher, 'GET', one(other.exercise.id))).json().ErrorCode).toBe('ExerciseNotFound');
    expect((await req(teacher, 'GET', `${one()}?take=0`)).statusCode).toBe(400);
    expect((await req(teacher, 'GET', `${one()}?skip=-1`)).statusCode).toBe(400);
  });
});
