import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  achievements,
  attributes,
  attributeValues,
  exerciseConstraints,
  certificates,
  courseGroupItems,
  courseGroups,
  courseInstructors,
  courseLinks,
  exerciseProgress,
  schedules,
} from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';

/** A student's own learning: my courses, folders, course page, next exercise, links, calendar, achievements. */
const t = await createTestApp();
const { call, at, program, course, enrol } = learningHelpers(t);

let student: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let prog: Awaited<ReturnType<typeof program>>;
let mine: number;
let mine2: number;
let othersOnly: number;
let groupId: number;
let hiddenGroupId: number;

beforeAll(async () => {
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  instructor = await t.signIn('Instructors');
  prog = await program();
  const p = prog.program.id;
  mine = (await course(p, { label: 'Мой курс', tags: ['python'], topics: ['Основы'], settings: { files: [{ title: 'Памятка', address: '/files/a.pdf' }, { title: '', address: 'x' }] } })).id;
  mine2 = (await course(p, { label: 'Второй мой курс' })).id;
  othersOnly = (await course(p, { label: 'Чужой курс' })).id;
  await enrol(mine, student.accountId);
  await enrol(mine2, student.accountId);
  await enrol(mine, other.accountId);
  await enrol(othersOnly, other.accountId);
  await t.db.insert(courseInstructors).values([
    { courseId: mine, accountId: instructor.accountId, courseRole: 'instructor' },
  ]);
  const [g] = await t.db.insert(courseGroups).values({ label: 'Папка', isPublished: true }).returning();
  const [h] = await t.db.insert(courseGroups).values({ label: 'Черновик', isPublished: false }).returning();
  groupId = g.id;
  hiddenGroupId = h.id;
  await t.db.insert(courseGroupItems).values([
    { courseGroupId: g.id, courseId: mine2, sequence: 0 },
    { courseGroupId: g.id, courseId: othersOnly, sequence: 1 },
  ]);
  // the other student has scored; the first student is in progress on the test
  const [lecture, test] = prog.exercises;
  await t.db.insert(exerciseProgress).values([
    { accountId: other.accountId, courseId: mine, exerciseId: lecture.id, status: 4, score: 10 },
    { accountId: student.accountId, courseId: mine, exerciseId: lecture.id, status: 4, score: 4 },
    { accountId: student.accountId, courseId: mine, exerciseId: test.id, status: 1 },
  ]);
  await t.db.insert(courseLinks).values([
    { courseId: mine, text: 'Мой линк', address: 'https://a.example' },
    { courseId: othersOnly, text: 'Чужой линк', address: 'https://b.example' },
    { courseId: null, text: 'Общий линк', address: '/kb' },
  ]);
  await t.db.insert(schedules).values([
    { courseId: mine, exerciseId: test.id, begin: new Date('2031-03-05T10:00:00Z'), location: 'Ауд. 1' },
    { courseId: othersOnly, lessonId: prog.lessons[1].id, begin: new Date('2031-03-07T10:00:00Z') },
  ]);
  await t.db.insert(certificates).values([
    { courseId: mine, studentId: student.accountId, title: 'Сертификат', date: '2030-01-01' },
    { courseId: othersOnly, studentId: other.accountId, title: 'Чужой сертификат', date: '2030-01-01' },
  ]);
  await t.db.insert(achievements).values({ accountId: student.accountId, kind: 'first_training', courseId: mine });
});

const studentCalls = () => [
  ['GET', '/api/students/trainings'],
  ['GET', `/api/students/sets/${groupId}`],
  ['GET', `/api/students/trainings/${mine}/description`],
  ['GET', `/api/students/trainings/${mine}/lessons`],
  ['GET', `/api/trainings/${mine}/instructors/description`],
  ['GET', `/api/trainings/${mine}/NextExercise`],
  ['GET', `/api/trainings/${mine}/exercises/${prog.exercises[0].id}/NextExercise`],
  ['GET', '/api/students/trainings/links'],
  ['GET', '/api/students/trainings/2031-03/highlight'],
  ['GET', '/api/students/trainings/2031-03-05'],
  ['GET', '/api/Achievements'],
];

describe('access', () => {
  it('every call needs a signed-in student', async () => {
    for (const [m, u] of studentCalls()) {
      expect((await call(null, m, u)).statusCode, u).toBe(401);
      expect((await call(instructor, m, u)).statusCode, u).toBe(403);
      expect((await call(student, m, u)).statusCode, u).toBeLessThan(300);
    }
  });

  it("another student's course answers 404 'Training not found' everywhere, in the interface's language", async () => {
    for (const u of [
      `/api/students/trainings/${othersOnly}/description`,
      `/api/students/trainings/${othersOnly}/lessons`,
      `/api/trainings/${othersOnly}/instructors/description`,
      `/api/trainings/${othersOnly}/NextExercise`,
      `/api/trainings/${othersOnly}/exercises/${prog.exercises[0].id}/NextExercise`,
      `/api/students/trainings/abc/description`,
      `/api/students/trainings/999999/lessons`,
    ]) {
      const res = await call(student, 'GET', u);
      expect(res.statusCode, u).toBe(404);
      expect(res.json()).toMatchObject({ ErrorCode: 'TrainingNotFound', Title: 'Курс не найден' });
      // the spec's text (spec 3 §8.10) in the English interface (the cookie the app mirrors its language into)
      const en = await t.app.inject({ method: 'GET', url: u, headers: { cookie: `${student.headers.cookie}; elp_lang=en`, 'accept-language': 'ru-RU,ru' } });
      expect(en.json().Title).toBe('Training not found');
    }
  });
});

describe('my courses and folders', () => {
  it('lists my courses and a folder for the group holding one of them, with the warning card', async () => {
    const body = (await call(student, 'GET', '/api/students/trainings')).json();
    const items = body.result.map((i: { id: number; type: number }) => [i.type, i.id]);
    expect(items).toEqual(expect.arrayContaining([[2, groupId], [1, mine]]));
    expect(items).not.toContainEqual([1, othersOnly]);
    expect(items).not.toContainEqual([1, mine2]); // inside the folder
    const folder = body.result.find((i: { type: number }) => i.type === 2);
    expect(folder).toMatchObject({ modulesAmountCalc: 0, maxModulesAmountCalc: 2, completed: false });
    expect(body.warning).toMatchObject({ courseId: mine, exerciseId: prog.exercises[1].id, lessonId: prog.lessons[0].id });
  });

  it('a folder shows my course and the joinable published ones; unpublished folders are 404', async () => {
    const res = await call(student, 'GET', `/api/students/sets/${groupId}`);
    expect(res.json().result.map((c: { id: number; isJoined: boolean }) => [c.id, c.isJoined])).toEqual([
      [mine2, true],
      [othersOnly, false],
    ]);
    for (const id of [hiddenGroupId, 999999, 'x']) {
      const r = await call(student, 'GET', `/api/students/sets/${id}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().Title).toBe('Курс не найден');
    }
  });
});

describe('course page', () => {
  it('description: progress, rating, files, tags and the next exercise', async () => {
    const body = (await call(student, 'GET', `/api/students/trainings/${mine}/description`)).json();
    expect(body.label).toBe('Мой курс');
    expect(body.progress).toEqual({ completed: 1, total: 4, percent: 25, inReview: 0 });
    expect(body.rating).toMatchObject({ position: 2, studentsCount: 2, averageScore: 7 });
    expect(body.files).toEqual([{ title: 'Памятка', address: '/files/a.pdf' }]);
    expect(body.tags).toEqual([{ label: 'python' }]);
    expect(body.nextExercise).toMatchObject({ exerciseId: prog.exercises[1].id });
  });

  it('lessons: Lesson numbers, statuses, availability rules 99/4/1/0 and hidden descriptions', async () => {
    const lessons = (await call(student, 'GET', `/api/students/trainings/${mine}/lessons`)).json();
    expect(lessons.map((l: { number: number; status: string }) => [l.number, l.status])).toEqual([
      [1, 'inProgress'],
      [2, 'notStarted'],
    ]);
    const ex = lessons.flatMap((l: { exercises: unknown[] }) => l.exercises);
    expect(ex.map((x: { label: string; status: number; isAvailable: boolean }) => [x.label, x.status, x.isAvailable])).toEqual([
      ['Лекция', 4, true],
      ['Тест', 1, true], // rule 4: the lecture before it is completed
      ['Задание', 0, false], // rule 1: the test is not completed yet
      ['Закрыто', 0, false], // rule 0
    ]);
    expect(ex[1].description).toBeNull();
    // for the other student the test (rule 4) opens because their lecture is completed; nothing leaks between students
    const theirs = (await call(other, 'GET', `/api/students/trainings/${mine}/lessons`)).json();
    expect(theirs[0].exercises[1].status).toBe(0);
  });

  it('a lesson handed in to the last exercise, one awaiting the check, is "submitted", and the progress counts it in review', async () => {
    const [lecture, test] = prog.exercises;
    await t.db.insert(exerciseProgress).values([
      { accountId: student.accountId, courseId: mine2, exerciseId: lecture.id, status: 4, score: 4 },
      { accountId: student.accountId, courseId: mine2, exerciseId: test.id, status: 3 },
    ]);
    const lessons = (await call(student, 'GET', `/api/students/trainings/${mine2}/lessons`)).json();
    expect(lessons.map((l: { status: string }) => l.status)).toEqual(['submitted', 'notStarted']);
    const body = (await call(student, 'GET', `/api/students/trainings/${mine2}/description`)).json();
    expect(body.progress).toEqual({ completed: 1, total: 4, percent: 25, inReview: 1 });
  });

  it('NextExercise after an exercise and 204 when none is available', async () => {
    const [lecture, test, task] = prog.exercises;
    const next = await call(student, 'GET', `/api/trainings/${mine}/exercises/${lecture.id}/NextExercise`);
    expect(next.json()).toMatchObject({ exerciseId: test.id, trainingId: mine });
    expect((await call(student, 'GET', `/api/trainings/${mine}/exercises/${test.id}/NextExercise`)).statusCode).toBe(204);
    expect((await call(student, 'GET', `/api/trainings/${mine}/exercises/${task.id}/NextExercise`)).statusCode).toBe(204);
    expect((await call(student, 'GET', `/api/trainings/${mine}/exercises/999999/NextExercise`)).statusCode).toBe(404);
    expect((await call(student, 'GET', `/api/trainings/${mine}/exercises/zz/NextExercise`)).statusCode).toBe(404);
  });

  it('an attribute constraint closes an exercise to students without a matching value', async () => {
    const [attr] = await t.db.insert(attributes).values({ type: 1, label: 'Факультет', name: 'faculty' }).returning();
    const lecture = prog.exercises[0];
    await t.db.insert(exerciseConstraints).values({ exerciseId: lecture.id, attributeId: attr.id, values: ['ИТ'] });
    try {
      const open = async (who: SignedIn) => (await call(who, 'GET', `/api/students/trainings/${mine}/lessons`)).json()[0].exercises[0].isAvailable;
      expect(await open(other)).toBe(false);
      await t.db.insert(attributeValues).values({ accountId: other.accountId, attributeId: attr.id, value: 'ИТ' });
      expect(await open(other)).toBe(true);
    } finally {
      await t.db.delete(attributes).where(eq(attributes.id, attr.id));
    }
  });

  it('instructors of the course without hidden ones', async () => {
    const list = (await call(student, 'GET', `/api/trainings/${mine}/instructors/description`)).json();
    expect(list.map((i: { accountId: number }) => i.accountId)).toEqual([instructor.accountId]);
  });
});

describe('links, calendar, achievements', () => {
  it('links of my courses and the common ones only', async () => {
    const texts = (await call(student, 'GET', '/api/students/trainings/links')).json().map((l: { text: string }) => l.text);
    expect(texts.sort()).toEqual(['Мой линк', 'Общий линк']);
  });

  it('calendar: highlighted days and the events of a day, only from my courses', async () => {
    expect((await call(student, 'GET', '/api/students/trainings/2031-03/highlight')).json()).toEqual(['2031-03-05']);
    expect((await call(other, 'GET', '/api/students/trainings/2031-03/highlight')).json()).toEqual(['2031-03-05', '2031-03-07']);
    const day = (await call(student, 'GET', '/api/students/trainings/2031-03-05')).json();
    expect(day).toEqual([
      expect.objectContaining({ location: 'Ауд. 1', exercise: 'Тест', lesson: 'Введение', exercise_Id: prog.exercises[1].id, trainingId: mine }),
    ]);
    expect((await call(student, 'GET', '/api/students/trainings/2031-03-07')).json()).toEqual([]);
    expect((await call(student, 'GET', '/api/students/trainings/2031-13/highlight')).statusCode).toBe(400);
    expect((await call(student, 'GET', '/api/students/trainings/2031-02-30')).statusCode).toBe(400);
  });

  it('achievements: my certificates and achievements only', async () => {
    const body = (await call(student, 'GET', '/api/Achievements')).json();
    expect(body.certificates.map((c: { title: string }) => c.title)).toEqual(['Сертификат']);
    expect(body.achievements).toEqual([expect.objectContaining({ kind: 'first_training', trainingId: mine })]);
    expect(at(0)).toBeInstanceOf(Date);
  });
});
