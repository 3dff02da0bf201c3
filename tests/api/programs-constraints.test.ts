import { beforeAll, describe, expect, it } from 'vitest';
import { attributes, attributeValues, courseInstructors, courses } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { programHelpers } from './support/programs.js';

/** Exercise constraints and schedules of exercises and lessons (spec 3 §7.7). */
const t = await createTestApp();
const { call, createProgram, createLesson, createExercise } = programHelpers(t);

let author: SignedIn;
let other: SignedIn;
let noFlags: SignedIn;
let student: SignedIn;
let programId: number;
let lessonId: number;
let exerciseId: number;
let courseId: number;
let attrId: number;
let cityId: number;

const E = '/api/instructors/Exercises';

beforeAll(async () => {
  author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  other = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students');
  programId = (await createProgram(author)).id;
  lessonId = (await createLesson(author, programId)).id;
  exerciseId = (await createExercise(author, programId, lessonId)).id;
  courseId = (await t.db.insert(courses).values({ programId, label: 'Весна 2027' }).returning())[0].id;
  // schedules are set by the course's staff (the program's author runs this course)
  await t.db.insert(courseInstructors).values({ courseId, accountId: author.accountId });
  const [a] = await t.db
    .insert(attributes)
    .values({ type: 51, label: 'Факультет', name: 'faculty', options: [{ id: 'math', label: 'Математический' }, { id: 'phys', label: 'Физический' }] })
    .returning();
  const [c] = await t.db.insert(attributes).values({ type: 1, label: 'Город', name: 'city' }).returning();
  attrId = a.id;
  cityId = c.id;
  await t.db.insert(attributeValues).values([
    { accountId: student.accountId, attributeId: cityId, value: 'Казань' },
    { accountId: author.accountId, attributeId: cityId, value: 'Казань' },
    { accountId: other.accountId, attributeId: cityId, value: 'Пермь' },
  ]);
});

describe('access', () => {
  type Call = { method: string; url: string; payload?: unknown };
  const calls = (): Call[] => [
    { method: 'GET', url: `${E}/${exerciseId}/Constraints` },
    { method: 'POST', url: `/api/courses/${programId}/exercises/${exerciseId}/constraints/union/or` },
    { method: 'GET', url: `/api/courses/${programId}/exercises/${exerciseId}/constraints` },
    { method: 'POST', url: `${E}/${exerciseId}/Constraints/Create`, payload: { attributeId: attrId, values: ['math'] } },
    { method: 'GET', url: `${E}/${exerciseId}/Constraints/Attributes/${attrId}` },
    { method: 'PUT', url: `${E}/${exerciseId}/Constraints/Attributes/${attrId}`, payload: { values: ['phys'] } },
    { method: 'DELETE', url: `${E}/${exerciseId}/Constraints/Attributes/${attrId}/Drop` },
    { method: 'GET', url: `/api/courses/${programId}/exercises/${exerciseId}/trainingConstraints` },
    { method: 'GET', url: `${E}/${exerciseId}/TrainingConstraints` },
    { method: 'PUT', url: `${E}/${exerciseId}/TrainingConstraints`, payload: { courseIds: [courseId] } },
    { method: 'DELETE', url: `${E}/${exerciseId}/TrainingConstraints/Drop/1` },
    { method: 'GET', url: `/api/schedule/trainings/${courseId}/exercises/${exerciseId}/schedule` },
    { method: 'POST', url: `/api/schedule/trainings/${courseId}/exercises/${exerciseId}/schedule/create`, payload: { begin: '2027-03-01T10:00:00Z' } },
    { method: 'PUT', url: `/api/schedule/trainings/${courseId}/exercises/${exerciseId}/schedule/edit`, payload: { begin: '2027-03-01T10:00:00Z' } },
    { method: 'DELETE', url: `/api/schedule/trainings/${courseId}/exercises/${exerciseId}/schedule/delete` },
    { method: 'GET', url: `/api/schedule/trainings/${courseId}/lessons/${lessonId}/schedule` },
    { method: 'POST', url: `/api/schedule/trainings/${courseId}/lessons/${lessonId}/schedule/create`, payload: { begin: '2027-03-01T10:00:00Z' } },
    { method: 'PUT', url: `/api/schedule/trainings/${courseId}/lessons/${lessonId}/schedule/edit`, payload: { begin: '2027-03-01T10:00:00Z' } },
    { method: 'DELETE', url: `/api/schedule/trainings/${courseId}/lessons/${lessonId}/schedule/delete` },
  ];
  const global: Call[] = [
    { method: 'GET', url: '/api/courses/exercises/constraints/attributes' },
    { method: 'GET', url: '/api/courses/exercises/constraints/attributes/1/values' },
  ];

  it('401 / 403 / 404 (non-author) on every call', async () => {
    for (const c of [...calls(), ...global]) {
      expect((await call(null, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await call(student, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(403);
      expect((await call(noFlags, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    for (const c of calls()) expect((await call(other, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(404);
    expect((await call(author, 'GET', `${E}/${exerciseId}/Constraints`)).json()).toEqual([]);
  });

  it('course staff may set schedules of their course without authoring the program', async () => {
    await t.db.insert(courseInstructors).values({ courseId, accountId: other.accountId });
    const res = await call(other, 'GET', `/api/schedule/trainings/${courseId}/lessons/${lessonId}/schedule`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    expect((await call(other, 'GET', `${E}/${exerciseId}/Constraints`)).statusCode).toBe(404);
  });
});

describe('attribute constraints', () => {
  it('lists attributes and their values (options, or values students entered)', async () => {
    const attrs = (await call(author, 'GET', '/api/courses/exercises/constraints/attributes')).json();
    expect(attrs.map((a: { label: string }) => a.label)).toEqual(expect.arrayContaining(['Факультет', 'Город']));
    expect((await call(author, 'GET', `/api/courses/exercises/constraints/attributes/${attrId}/values`)).json()).toEqual([
      { value: 'math', label: 'Математический' },
      { value: 'phys', label: 'Физический' },
    ]);
    expect((await call(author, 'GET', `/api/courses/exercises/constraints/attributes/${cityId}/values`)).json().map((v: { value: string }) => v.value)).toEqual(['Казань', 'Пермь']);
    expect((await call(author, 'GET', '/api/courses/exercises/constraints/attributes/999999/values')).statusCode).toBe(404);
  });

  it('creates, reads, edits, drops; one per attribute; validates', async () => {
    const create = await call(author, 'POST', `${E}/${exerciseId}/Constraints/Create`, { attributeId: attrId, values: ['math', 'math'] });
    expect(create.statusCode, create.body).toBe(201);
    expect(create.json()).toMatchObject({ attributeId: attrId, label: 'Факультет', values: ['math'] });
    expect((await call(author, 'POST', `${E}/${exerciseId}/Constraints/Create`, { attributeId: attrId, values: ['phys'] })).statusCode).toBe(409);
    const bad = await call(author, 'POST', `${E}/${exerciseId}/Constraints/Create`, { attributeId: 'x', values: [] });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['attributeId', 'values']);
    expect((await call(author, 'POST', `${E}/${exerciseId}/Constraints/Create`, { attributeId: 999999, values: ['x'] })).statusCode).toBe(404);

    const url = `${E}/${exerciseId}/Constraints/Attributes/${attrId}`;
    expect((await call(author, 'PUT', url, { values: ['math', 'phys'] })).json().values).toEqual(['math', 'phys']);
    expect((await call(author, 'GET', url)).json().values).toEqual(['math', 'phys']);
    expect((await call(author, 'GET', `${E}/${exerciseId}/Constraints/Attributes/${cityId}`)).statusCode).toBe(404);

    const union = await call(author, 'POST', `/api/courses/${programId}/exercises/${exerciseId}/constraints/union/OR`);
    expect(union.json()).toEqual({ union: 'or' });
    expect((await call(author, 'POST', `/api/courses/${programId}/exercises/${exerciseId}/constraints/union/xor`)).statusCode).toBe(400);
    const summary = (await call(author, 'GET', `/api/courses/${programId}/exercises/${exerciseId}/constraints`)).json();
    expect(summary).toMatchObject({ union: 'or', constraints: [{ attributeId: attrId }], trainingConstraints: [] });

    expect((await call(author, 'DELETE', `${url}/Drop`)).json()).toEqual([]);
    expect((await call(author, 'DELETE', `${url}/Drop`)).statusCode).toBe(404);
  });
});

describe('course constraints', () => {
  it('offers the program’s courses, replaces the chosen ones, drops one; refuses foreign courses', async () => {
    const [c2] = await t.db.insert(courses).values({ programId, label: 'Осень 2027' }).returning();
    const put = await call(author, 'PUT', `${E}/${exerciseId}/TrainingConstraints`, { courseIds: [courseId, c2.id] });
    expect(put.json().map((c: { courseId: number }) => c.courseId)).toEqual([courseId, c2.id]);
    const options = (await call(author, 'GET', `/api/courses/${programId}/exercises/${exerciseId}/trainingConstraints`)).json();
    expect(options.map((o: { isSelected: boolean }) => o.isSelected)).toEqual([true, true]);
    const narrowed = await call(author, 'PUT', `${E}/${exerciseId}/TrainingConstraints`, { courseIds: [c2.id] });
    expect(narrowed.json()).toMatchObject([{ courseId: c2.id, label: 'Осень 2027' }]);
    const otherProgram = await createProgram(author, 'Другая');
    const [foreign] = await t.db.insert(courses).values({ programId: otherProgram.id, label: 'Чужой' }).returning();
    expect((await call(author, 'PUT', `${E}/${exerciseId}/TrainingConstraints`, { courseIds: [foreign.id] })).statusCode).toBe(400);
    expect((await call(author, 'PUT', `${E}/${exerciseId}/TrainingConstraints`, { courseIds: 'x' })).statusCode).toBe(400);
    const drop = await call(author, 'DELETE', `${E}/${exerciseId}/TrainingConstraints/Drop/${narrowed.json()[0].id}`);
    expect(drop.json()).toEqual([]);
    expect((await call(author, 'DELETE', `${E}/${exerciseId}/TrainingConstraints/Drop/${narrowed.json()[0].id}`)).statusCode).toBe(404);
  });
});

describe('schedules', () => {
  for (const kind of ['exercises', 'lessons'] as const) {
    it(`${kind}: create, read, edit, delete; one per course; date range checked`, async () => {
      const id = kind === 'exercises' ? exerciseId : lessonId;
      const base = `/api/schedule/trainings/${courseId}/${kind}/${id}/schedule`;
      const create = await call(author, 'POST', `${base}/create`, { begin: '2027-03-01T10:00:00+03:00', end: '2027-03-01T12:00:00+03:00', location: 'Ауд. 101', isScheduleAffectAccess: true });
      expect(create.statusCode, create.body).toBe(201);
      expect(create.json()).toMatchObject({ begin: '2027-03-01T07:00:00.000Z', end: '2027-03-01T09:00:00.000Z', location: 'Ауд. 101', isScheduleAffectAccess: true });
      expect((await call(author, 'POST', `${base}/create`, { begin: '2027-03-01T10:00:00Z' })).statusCode).toBe(409);
      expect((await call(author, 'GET', base)).json().location).toBe('Ауд. 101');
      const range = await call(author, 'PUT', `${base}/edit`, { begin: '2027-03-02T10:00:00Z', end: '2027-03-01T10:00:00Z' });
      expect(range.statusCode).toBe(400);
      expect(range.json().errors.end).toBe('Неверно задан диапазон дат');
      expect((await call(author, 'PUT', `${base}/edit`, {})).json().errors.begin).toBe('Обязательное поле');
      expect((await call(author, 'PUT', `${base}/edit`, { begin: 'завтра' })).json().errors.begin).toBeDefined();
      const edit = await call(author, 'PUT', `${base}/edit`, { begin: '2027-03-02T10:00:00Z' });
      expect(edit.json()).toMatchObject({ end: null, location: null, isScheduleAffectAccess: false });
      expect((await call(author, 'DELETE', `${base}/delete`)).statusCode).toBe(200);
      expect((await call(author, 'DELETE', `${base}/delete`)).statusCode).toBe(404);
      expect((await call(author, 'PUT', `${base}/edit`, { begin: '2027-03-02T10:00:00Z' })).statusCode).toBe(404);
    });
  }

  it('refuses an exercise of another program and an unknown course', async () => {
    const p2 = await createProgram(author, 'Другая 2');
    const l2 = await createLesson(author, p2.id);
    const e2 = await createExercise(author, p2.id, l2.id);
    expect((await call(author, 'GET', `/api/schedule/trainings/${courseId}/exercises/${e2.id}/schedule`)).statusCode).toBe(404);
    const unknown = await call(author, 'GET', `/api/schedule/trainings/999999/exercises/${exerciseId}/schedule`);
    expect(unknown.json().ErrorCode).toBe('TrainingNotFound');
  });
});
