import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attributes,
  courseInstructors,
  courseLinks,
  courses,
  enrolments,
  exerciseProgress,
  groups,
  invitations,
  lessons,
} from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { coursesFixture } from './support/coursesFixture.js';

/** Courses (API "Training"): spec 3 §7.9 "Lists" and "Course data" (access and create: courses.test.ts). */
const t = await createTestApp();
const { call, createCourse, day } = courseHelpers(t);

const { owner, other, student, root, program, otherProgram, courseId, othersCourseId } = await coursesFixture(t);

const T = '/api/instructors/trainings';

describe('lists', () => {
  let current: number;
  let future: number;
  let past: number;
  let open: number;
  beforeAll(async () => {
    const author = await t.signIn('Instructors');
    current = (await createCourse(author, program.program.id, { label: 'Текущий', begin: day(-5), end: day(5) })).id;
    future = (await createCourse(author, program.program.id, { label: 'Будущий', begin: day(5), end: day(50) })).id;
    past = (await createCourse(author, program.program.id, { label: 'Прошедший', begin: day(-50), end: day(-5) })).id;
    // ends today: still current (an end date includes its whole day)
    open = (await createCourse(author, program.program.id, { label: 'Заканчивается сегодня', begin: day(-5), end: day(0) })).id;
    listAuthor = author;
  });
  let listAuthor: SignedIn;
  const ids = (body: { result: { id: number }[] }) => body.result.map((r) => r.id).sort((a, b) => a - b);
  const L = '/api/instructors/Trainings/List';

  it('date filter: all 0, current 1 (default), future 2, past 3', async () => {
    expect(ids((await call(listAuthor, 'GET', `${L}?dateFilter=0`)).json())).toEqual([current, future, past, open].sort((a, b) => a - b));
    expect(ids((await call(listAuthor, 'GET', `${L}?dateFilter=1`)).json())).toEqual([current, open].sort((a, b) => a - b));
    expect(ids((await call(listAuthor, 'GET', L)).json())).toEqual([current, open].sort((a, b) => a - b));
    expect(ids((await call(listAuthor, 'GET', `${L}?dateFilter=2`)).json())).toEqual([future]);
    expect(ids((await call(listAuthor, 'GET', `${L}?dateFilter=3`)).json())).toEqual([past]);
    const one = (await call(listAuthor, 'GET', `${L}?dateFilter=2`)).json().result[0];
    expect(one).toMatchObject({ label: 'Будущий', dateStatus: 'future', programLabel: 'Основы', myRole: 'instructor', studentsCount: 0 });
    expect((await call(listAuthor, 'GET', `${L}?dateFilter=7`)).statusCode).toBe(400);
    expect((await call(listAuthor, 'GET', `${L}?dateFilter=x`)).statusCode).toBe(400);
  });

  it('search by label (case-insensitive, wildcards literal) or id, and paging', async () => {
    expect(ids((await call(listAuthor, 'GET', `${L}?dateFilter=0&search=БУДУЩ`)).json())).toEqual([future]);
    expect(ids((await call(listAuthor, 'GET', `${L}?dateFilter=0&search=${past}`)).json())).toEqual([past]);
    expect((await call(listAuthor, 'GET', `${L}?dateFilter=0&search=%25`)).json().result).toHaveLength(0);
    const page = (await call(listAuthor, 'GET', `${L}?dateFilter=0&take=2&skip=1`)).json();
    expect(page.result).toHaveLength(2);
    expect(page.metadata.filteredRecords).toBe(4);
  });

  it("lists only the caller's courses; Root sees all", async () => {
    const mine = ids((await call(owner, 'GET', `${L}?dateFilter=0`)).json());
    expect(mine).toContain(courseId);
    expect(mine).not.toContain(current);
    expect(ids((await call(root, 'GET', `${L}?dateFilter=0&take=100`)).json())).toEqual(expect.arrayContaining([courseId, current, othersCourseId]));
    const options = (await call(listAuthor, 'GET', T)).json();
    expect(options.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b)).toEqual([current, future, past, open].sort((a, b) => a - b));
    expect(options[0]).toHaveProperty('label');
  });

  it('groups, lessons and exercises of several courses skip courses the caller may not see', async () => {
    await t.db.insert(groups).values([
      { courseId, label: 'Группа А' },
      { courseId: othersCourseId, label: 'Чужая группа' },
    ]);
    const g = (await call(owner, 'GET', `${T}/groups?TrainingIds=${courseId}&TrainingIds=${othersCourseId}`)).json();
    expect(g).toEqual([{ id: expect.any(Number), label: 'Группа А', trainingId: courseId }]);
    const ls = (await call(owner, 'POST', `${T}/lessons`, { trainingIds: [courseId, othersCourseId] })).json();
    expect(ls).toEqual([expect.objectContaining({ id: program.lesson.id, trainingId: courseId, label: 'Урок 1' })]);
    const ex = (await call(owner, 'POST', `${T}/lessons/exercises`, { trainingIds: [courseId, othersCourseId], lessonIds: [program.lesson.id] })).json();
    expect(ex.map((e: { label: string }) => e.label)).toEqual(['Тест', 'Лекция']);
    expect(ex.every((e: { trainingId: number }) => e.trainingId === courseId)).toBe(true);
    expect((await call(owner, 'POST', `${T}/lessons`, { trainingIds: ['x'] })).statusCode).toBe(400);
  });

  it('progress-filter exercises, attributes and dates-visibility', async () => {
    const ex = (await call(owner, 'GET', `${T}/${courseId}/progress-filter/exercises`)).json();
    expect(ex).toEqual([
      expect.objectContaining({ label: 'Тест', lessonLabel: 'Урок 1', exerciseType: 20 }),
      expect.objectContaining({ label: 'Лекция', lessonLabel: 'Урок 1', exerciseType: 10 }),
    ]);
    await t.db.insert(attributes).values({ type: 1, label: 'Факультет', name: 'faculty' });
    const attrs = (await call(owner, 'GET', `${T}/attributes`)).json();
    expect(attrs).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'Факультет', type: 1 })]));
    const dv = (await call(owner, 'GET', '/api/instructors/dates-visibility')).json();
    expect(dv.map((d: { id: string }) => d.id)).toEqual(['all', 'course_dates', 'availability_dates', 'none']);
    expect(dv[3].label).toBe('Не показывать даты');
  });
});

describe('course data', () => {
  it('description, lessons, exercises of a lesson (404 for a lesson of another program), grades', async () => {
    const d = (await call(owner, 'GET', `${T}/${courseId}/description`)).json();
    expect(d).toMatchObject({ id: courseId, label: 'Курс владельца', group: null, alwaysAvailableByDates: false });
    const ls = (await call(owner, 'GET', `${T}/${courseId}/lessons/description`)).json();
    expect(ls).toEqual([{ id: program.lesson.id, label: 'Урок 1', description: null, sequence: 0, exercisesCount: 2 }]);
    const ex = (await call(owner, 'GET', `${T}/${courseId}/lessons/${program.lesson.id}/exercises/description`)).json();
    expect(ex.map((e: { label: string }) => e.label)).toEqual(['Тест', 'Лекция']);
    const foreign = await call(owner, 'GET', `${T}/${courseId}/lessons/${otherProgram.lesson.id}/exercises/description`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().ErrorCode).toBe('LessonNotFound');
    const grades = (await call(owner, 'GET', `${T}/${courseId}/grades`)).json();
    expect(grades).toMatchObject({ gradeAggregation: 'average', passingScore: null });
    expect(grades.exercises.map((e: { label: string }) => e.label)).toEqual(['Тест']);
  });

  it('groups with lead and student counts, invitation links, the link tree', async () => {
    const [g] = await t.db.insert(groups).values({ courseId, label: 'Вечерняя', leadId: owner.accountId }).returning();
    await t.db.insert(enrolments).values({ courseId, accountId: student.accountId, groupId: g.id });
    const gs = (await call(owner, 'GET', `${T}/${courseId}/groups`)).json();
    expect(gs.find((x: { id: number }) => x.id === g.id)).toMatchObject({ label: 'Вечерняя', studentsCount: 1, lead: { id: owner.accountId, email: 'owner@test.local' } });
    await t.db.insert(invitations).values({ courseId, code: 'ABC123', expiryDate: new Date('2031-01-01T00:00:00Z') });
    const inv = (await call(owner, 'GET', `${T}/${courseId}/invitation-link/description`)).json();
    expect(inv).toEqual([{ invitationId: expect.any(Number), code: 'ABC123', expiryDate: '2031-01-01T00:00:00.000Z', trainingId: courseId, courseId }]);
    const [parent] = await t.db.insert(courseLinks).values({ courseId, text: 'Материалы', address: null }).returning();
    await t.db.insert(courseLinks).values([
      { courseId, parentId: parent.id, text: 'Учебник', address: '/files/book.pdf' },
      { courseId: null, text: 'Общая ссылка', address: 'https://example.org' },
      { courseId: othersCourseId, text: 'Чужая ссылка', address: 'https://example.com' },
    ]);
    const links = (await call(owner, 'GET', `${T}/${courseId}/links/description`)).json();
    expect(links.map((l: { text: string }) => l.text).sort()).toEqual(['Материалы', 'Общая ссылка']);
    expect(links.find((l: { text: string }) => l.text === 'Материалы').children).toEqual([
      // the link tree of the links calls (shared/calls/courseLinks.ts LinkNode)
      { id: expect.any(Number), parentId: parent.id, text: 'Учебник', address: '/files/book.pdf', sequence: 0, children: [] },
    ]);
  });

  it('settings: GET answers the list record shape; PUT changes what it is given and keeps the rest', async () => {
    const got = (await call(owner, 'GET', `${T}/${courseId}/settings`)).json();
    const listed = (await call(owner, 'GET', '/api/instructors/Trainings/List?dateFilter=0&search=владельца')).json().result[0];
    expect(Object.keys(got).sort()).toEqual(Object.keys(listed).sort());
    const res = await call(owner, 'PUT', `${T}/${courseId}/settings`, {
      label: 'Курс владельца (осень)',
      begin: day(-3),
      end: day(3),
      open: day(-3),
      close: day(10),
      isPublished: true,
      footer: '<p onclick="x()">Подвал</p>',
      datesVisibility: 'course_dates',
      gradeAggregation: 'max',
      passingScore: 0.6,
      joinMode: 'application',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      label: 'Курс владельца (осень)',
      isPublished: true,
      footer: '<p>Подвал</p>',
      datesVisibility: 'course_dates',
      gradeAggregation: 'max',
      passingScore: 0.6,
      joinMode: 'application',
      alwaysAvailableByDates: true,
      picture: got.picture,
      description: got.description,
    });
    expect((await call(owner, 'GET', `${T}/${courseId}/grades`)).json()).toMatchObject({ gradeAggregation: 'max', passingScore: 0.6 });
    const bad = await call(owner, 'PUT', `${T}/${courseId}/settings`, { begin: day(3), end: day(-3), passingScore: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ end: 'Неверно задан диапазон дат', passingScore: 'Слишком большое значение' });
    const tutor = await call(owner, 'PUT', `${T}/${courseId}/settings`, { begin: day(-3), end: day(3), tutorEmail: 'other@test.local' });
    expect(tutor.json().tutor).toMatchObject({ id: other.accountId });
    // the new tutor joins the staff and now sees the course
    expect((await call(other, 'GET', `${T}/${courseId}/settings`)).statusCode).toBe(200);
    await t.db.delete(courseInstructors).where(eq(courseInstructors.accountId, other.accountId));
    await t.db.update(courses).set({ tutorId: null }).where(eq(courses.id, courseId));
  });

  it('success/execute recalculates progress and completion of the students', async () => {
    const c = await createCourse(owner, program.program.id, { label: 'Пересчёт' });
    const s2 = await t.signIn('Students');
    await t.db.insert(enrolments).values([
      { courseId: c.id, accountId: student.accountId },
      { courseId: c.id, accountId: s2.accountId, completed: true, progress: 1 },
    ]);
    const [first, second] = program.exercises;
    await t.db.insert(exerciseProgress).values([
      { courseId: c.id, accountId: student.accountId, exerciseId: first.id, status: 4 },
      { courseId: c.id, accountId: student.accountId, exerciseId: second.id, status: 5 },
      { courseId: c.id, accountId: s2.accountId, exerciseId: first.id, status: 1 },
    ]);
    const res = await call(owner, 'POST', `${T}/${c.id}/success/execute`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ students: 2, completed: 1 });
    const rows = await t.db.select().from(enrolments).where(eq(enrolments.courseId, c.id));
    const a = rows.find((r) => r.accountId === student.accountId)!;
    const b = rows.find((r) => r.accountId === s2.accountId)!;
    expect(a).toMatchObject({ completed: true, progress: 1 });
    expect(a.completedAt).not.toBeNull();
    expect(b).toMatchObject({ completed: false, progress: 0, completedAt: null });
    // a lesson without exercises changes nothing
    await t.db.insert(lessons).values({ programId: program.program.id, label: 'Урок 2', sequence: 1 });
    expect((await call(owner, 'POST', `${T}/${c.id}/success/execute`)).json()).toEqual({ students: 2, completed: 1 });
  });
});
