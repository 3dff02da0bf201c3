import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseInstructors, courses } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { coursesFixture } from './support/coursesFixture.js';

/** Courses (API "Training"): access to the course calls and course create (lists and course data: courses-data.test.ts). */
const t = await createTestApp();
const { call, day } = courseHelpers(t);

const { owner, other, noFlags, admin, student, root, program, otherProgram, courseId, othersCourseId } = await coursesFixture(t);

const T = '/api/instructors/trainings';

describe('access', () => {
  const courseCalls = () => [
    ['GET', `${T}/${courseId}/progress-filter/exercises`],
    ['GET', `${T}/${courseId}/description`],
    ['GET', `${T}/${courseId}/instructors/description`],
    ['GET', `${T}/${courseId}/links/description`],
    ['GET', `${T}/${courseId}/lessons/description`],
    ['GET', `${T}/${courseId}/lessons/${program.lesson.id}/exercises/description`],
    ['GET', `${T}/${courseId}/grades`],
    ['GET', `${T}/${courseId}/invitation-link/description`],
    ['GET', `${T}/${courseId}/settings`],
    ['PUT', `${T}/${courseId}/settings`, { label: 'Взлом', begin: day(0), end: day(1) }],
    ['GET', `${T}/${courseId}/groups`],
    ['POST', `${T}/${courseId}/success/execute`],
  ] as const;
  const globalCalls = [
    ['GET', T],
    ['GET', `${T}/all`],
    ['GET', '/api/instructors/Trainings/List'],
    ['GET', `${T}/attributes`],
    ['GET', '/api/instructors/dates-visibility'],
    ['GET', `${T}/groups?TrainingIds=1`],
    ['POST', `${T}/lessons`, { trainingIds: [1] }],
    ['POST', `${T}/lessons/exercises`, { trainingIds: [1] }],
    ['POST', `${T}/create`, { programId: 1, begin: day(0), end: day(1) }],
  ] as const;

  it('every call needs a session (401) and refuses students (403)', async () => {
    for (const [method, url, payload] of [...courseCalls(), ...globalCalls]) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(student, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
  });

  it("an instructor of another course gets 404 for every call on this course, and nothing changes", async () => {
    for (const [method, url, payload] of courseCalls()) {
      const res = await call(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().ErrorCode).toBe('TrainingNotFound');
    }
    const [row] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    expect(row.label).toBe('Курс владельца');
    for (const bad of ['abc', '0', '99999999999', '424242']) {
      expect((await call(owner, 'GET', `${T}/${bad}/description`)).statusCode, bad).toBe(404);
    }
  });

  it('a course is open to its staff in any course role and to Root', async () => {
    await t.db.insert(courseInstructors).values({ courseId, accountId: noFlags.accountId, courseRole: 'moderator' });
    for (const who of [owner, noFlags, root]) {
      const res = await call(who, 'GET', `${T}/${courseId}/description`);
      expect(res.statusCode).toBe(200);
    }
    expect((await call(noFlags, 'GET', `${T}/${courseId}/description`)).json().myRole).toBe('moderator');
    expect((await call(root, 'GET', `${T}/${courseId}/description`)).json().myRole).toBeNull();
    await t.db.delete(courseInstructors).where(eq(courseInstructors.accountId, noFlags.accountId));
    expect((await call(noFlags, 'GET', `${T}/${courseId}/description`)).statusCode).toBe(404);
  });

  it('the all-courses list needs AdminPanelAccess (403 without), and lists every course', async () => {
    // owner has every flag; an instructor without AdminPanelAccess is refused
    expect((await call(owner, 'GET', `${T}/all`)).statusCode).toBe(200);
    const res = await call(noFlags, 'GET', `${T}/all`);
    expect(res.statusCode).toBe(403);
    const flagged = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
    expect((await call(flagged, 'GET', `${T}/all`)).statusCode).toBe(403);
    const list = (await call(admin, 'GET', `${T}/all`)).json();
    const ids = list.result.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([courseId, othersCourseId]));
    // the admin may list them, but open only their own
    expect(list.result.every((r: { canOpen: boolean }) => r.canOpen === false)).toBe(true);
    const mine = (await call(owner, 'GET', `${T}/all?search=владельца`)).json();
    expect(mine.result).toHaveLength(1);
    expect(mine.result[0]).toMatchObject({ id: courseId, canOpen: true, programLabel: 'Основы' });
    expect((await call(root, 'GET', `${T}/all`)).json().result.length).toBeGreaterThanOrEqual(2);
  });
});

describe('create', () => {
  it('creates a course from a program with every field; the creator, tutor and moderator join its staff', async () => {
    const tutor = await t.signIn('Instructors', { email: 'Tutor@Test.local' });
    const moderator = await t.signIn('Instructors', { email: 'moderator@test.local' });
    const res = await call(owner, 'POST', `${T}/create`, {
      programId: program.program.id,
      label: 'Весенний поток',
      description: '<p>Описание<script>alert(1)</script></p>',
      picture: '/api/pictures/1',
      begin: '2030-02-01',
      end: '2030-06-30',
      open: '2030-01-15',
      close: '2030-07-15',
      groupLabel: 'ИВТ-21',
      tutorEmail: 'tutor@test.local',
      moderatorEmail: 'moderator@test.local',
      joinMode: 'application',
      requiresEmailConfirmation: true,
      relatedCategory: 'math-1',
      isPublished: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      type: 1,
      programId: program.program.id,
      programLabel: 'Основы',
      label: 'Весенний поток',
      description: '<p>Описание</p>',
      picture: '/api/pictures/1',
      begin: '2030-02-01T00:00:00.000Z',
      end: '2030-06-30T23:59:59.999Z',
      open: '2030-01-15T00:00:00.000Z',
      alwaysAvailableByDates: true,
      groupLabel: 'ИВТ-21',
      joinMode: 'application',
      requiresEmailConfirmation: true,
      relatedCategory: 'math-1',
      isPublished: true,
      dateStatus: 'future',
      myRole: 'instructor',
      tutorEmail: 'Tutor@Test.local',
      moderatorEmail: 'moderator@test.local',
      instructorsCount: 3,
    });
    expect(c.tutor).toMatchObject({ id: tutor.accountId });
    const staff = (await call(owner, 'GET', `${T}/${c.id}/instructors/description`)).json();
    expect(staff.map((s: { accountId: number; role: string }) => [s.accountId, s.role])).toEqual([
      [owner.accountId, 'instructor'],
      [tutor.accountId, 'tutor'],
      [moderator.accountId, 'moderator'],
    ]);
    // the tutor now sees the course
    expect((await call(tutor, 'GET', `${T}/${c.id}/settings`)).statusCode).toBe(200);
  });

  it('label defaults to the program; "always" availability drops open and close', async () => {
    const c = (await call(owner, 'POST', `${T}/create`, {
      programId: program.program.id,
      begin: day(-1),
      end: day(1),
      alwaysAvailableByDates: false,
      open: day(-5),
      close: day(5),
    })).json();
    expect(c).toMatchObject({ label: 'Основы', alwaysAvailableByDates: false, open: null, close: null, joinMode: 'direct', requiresEmailConfirmation: false, isPublished: false });
  });

  it('rejects bad input with field errors', async () => {
    const base = { programId: program.program.id, begin: day(0), end: day(10) };
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ ...base, begin: '2030-05-01', end: '2030-04-01' }, 'end', 'Неверно задан диапазон дат'],
      [{ ...base, begin: '2030-05-01T10:00:00Z', end: '2030-05-01T09:00:00Z' }, 'end', 'Неверно задан диапазон дат'],
      [{ ...base, open: '2030-05-01', close: '2030-04-01' }, 'close', 'Неверно задан диапазон дат'],
      [{ ...base, begin: '31.12.2030' }, 'begin', 'Некорректное значение'],
      [{ ...base, begin: '2030-02-30' }, 'begin', 'Некорректное значение'],
      [{ ...base, end: 'tomorrow' }, 'end', 'Некорректное значение'],
      [{ ...base, begin: undefined }, 'begin', 'Обязательное поле'],
      [{ ...base, begin: '0001-01-01' }, 'begin', 'Обязательное поле'],
      [{ ...base, open: day(0) }, 'close', 'Обязательное поле'],
      [{ ...base, alwaysAvailableByDates: true }, 'open', 'Обязательное поле'],
      [{ ...base, joinMode: 'lottery' }, 'joinMode', 'Некорректное значение'],
      [{ ...base, programId: 'abc' }, 'programId', null],
      [{ ...base, programId: 987654 }, 'programId', 'Программа не найдена'],
      // a program authored by someone else is not the caller's to run
      [{ ...base, programId: otherProgram.program.id }, 'programId', 'Программа не найдена'],
      [{ ...base, tutorEmail: 'nobody@test.local' }, 'tutorEmail', 'Преподаватель с адресом nobody@test.local не найден'],
      [{ ...base, tutorEmail: 'student@test.local' }, 'tutorEmail', 'Преподаватель с адресом student@test.local не найден'],
      [{ ...base, moderatorEmail: 'not-an-email' }, 'moderatorEmail', 'Некорректный адрес электронной почты'],
      [{ ...base, label: 'x'.repeat(300) }, 'label', 'Слишком длинное значение'],
    ];
    const before = (await t.db.select().from(courses)).length;
    for (const [body, field, message] of cases) {
      const res = await call(owner, 'POST', `${T}/create`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().ErrorCode).toBe('ValidationError');
      expect(res.json().errors[field], `${field} of ${JSON.stringify(body)}: ${res.body}`).toBe(message ?? res.json().errors[field] ?? 'a message');
    }
    expect((await t.db.select().from(courses)).length).toBe(before);
  });
});
