import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  attributes,
  courseAttributes,
  courseInstructors,
  enrolments,
  enrollmentApplications,
  notifications,
} from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';

/** Catalogue, course preview and joining (spec 3 §7.3, §8.2). */
const t = await createTestApp();
const { call, at, program, course, enrol } = learningHelpers(t);

let student: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let prog: Awaited<ReturnType<typeof program>>;
const ids = {} as Record<'current' | 'future' | 'past' | 'hidden' | 'apply' | 'email' | 'closed' | 'catA' | 'catB' | 'attr', number>;

beforeAll(async () => {
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  instructor = await t.signIn('Instructors');
  prog = await program();
  const p = prog.program.id;
  ids.current = (await course(p, { label: 'Python 100% _основы_', keywords: 'змея, скрипты' })).id;
  ids.future = (await course(p, { label: 'Будущий курс', begin: at(10), end: at(40) })).id;
  ids.past = (await course(p, { label: 'Прошедший курс', begin: at(-40), end: at(-10) })).id;
  ids.hidden = (await course(p, { label: 'Скрытый курс', isPublished: false })).id;
  ids.apply = (await course(p, { label: 'По заявке', joinMode: 'application' })).id;
  ids.email = (await course(p, { label: 'С подтверждением', requiresEmailConfirmation: true })).id;
  ids.closed = (await course(p, { label: 'Закрыт', close: at(-1) })).id;
  ids.catA = (await course(p, { label: 'Категория А', relatedCategory: 'math' })).id;
  ids.catB = (await course(p, { label: 'Категория Б', relatedCategory: 'math' })).id;
  ids.attr = (await course(p, { label: 'С анкетой' })).id;
  await t.db.insert(courseInstructors).values([
    { courseId: ids.current, accountId: instructor.accountId, courseRole: 'instructor' },
    { courseId: ids.current, accountId: other.accountId, courseRole: 'instructor', isHidden: true },
  ]);
});

describe('POST /api/catalog', () => {
  it('is open to guests; lists published current courses by default with take/skip', async () => {
    const res = await call(null, 'POST', '/api/catalog?take=2&skip=0', {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.result).toHaveLength(2);
    expect(Object.keys(body.result[0]).sort()).toEqual(['begin', 'end', 'id', 'label', 'picture']);
    expect(body.metadata.filteredRecords).toBe(7); // 10 - hidden - future - past
    const page2 = (await call(null, 'POST', '/api/catalog?take=2&skip=2', {})).json();
    expect(page2.result.map((c: { id: number }) => c.id)).not.toContain(body.result[0].id);
  });

  it('filters All / Current / Future / Past and never lists unpublished courses', async () => {
    const labels = async (filter: number) =>
      (await call(student, 'POST', '/api/catalog?take=50', { filter })).json().result.map((c: { label: string }) => c.label);
    expect(await labels(2)).toEqual(['Будущий курс']);
    expect(await labels(3)).toEqual(['Прошедший курс']);
    const all = await labels(0);
    expect(all).toHaveLength(9);
    expect(all).not.toContain('Скрытый курс');
  });

  it('searches label and keywords case-insensitively, escaping LIKE wildcards', async () => {
    const find = async (search: string) => (await call(null, 'POST', '/api/catalog', { search, filter: 0 })).json().result.map((c: { id: number }) => c.id);
    expect(await find('python')).toEqual([ids.current]);
    expect(await find('ЗМЕЯ')).toEqual([ids.current]);
    expect(await find('100%')).toEqual([ids.current]);
    expect(await find('%')).toEqual([ids.current]);
    expect(await find('_')).toEqual([ids.current]);
    expect(await find('нет такого')).toEqual([]);
  });

  it('rejects bad input', async () => {
    expect((await call(null, 'POST', '/api/catalog?take=0', {})).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/catalog?skip=-1', {})).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/catalog', { filter: 7 })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/catalog', { search: 'x'.repeat(201) })).statusCode).toBe(400);
  });
});

describe('GET /api/catalog/course/{courseId}', () => {
  it('shows a published course to a guest with hidden descriptions and hidden instructors left out', async () => {
    const res = await call(null, 'GET', `/api/catalog/course/${ids.current}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.training).toBe(ids.current);
    expect(body.datesStatus).toBe('current');
    expect(body.exercises.map((e: { label: string }) => e.label)).toEqual(['Лекция', 'Тест', 'Задание', 'Закрыто']);
    expect(body.exercises[0].description).toBe('Открытое описание');
    expect(body.exercises[1].description).toBeNull();
    expect(JSON.stringify(body)).not.toContain('Секрет');
    expect(body.instructors.map((i: { accountId: number }) => i.accountId)).toEqual([instructor.accountId]);
    expect(body.applicationPending).toBe(false);
  });

  it('answers 404 for unpublished, unknown and malformed ids', async () => {
    for (const id of [ids.hidden, 999999, 'abc', '-1']) {
      const res = await call(student, 'GET', `/api/catalog/course/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().Title).toBe('Курс не найден');
    }
  });
});

describe('POST /api/students/trainings/{courseId}/join', () => {
  const join = (who: SignedIn | null, id: number | string) => call(who, 'POST', `/api/students/trainings/${id}/join`);

  it('requires a signed-in student', async () => {
    expect((await join(null, ids.current)).statusCode).toBe(401);
    expect((await join(instructor, ids.current)).statusCode).toBe(403);
  });

  it('404 for unknown or unpublished courses', async () => {
    expect((await join(student, 999999)).statusCode).toBe(404);
    expect((await join(student, ids.hidden)).statusCode).toBe(404);
    expect((await join(student, 'x')).statusCode).toBe(404);
  });

  it('joins directly with a notification of type 2; a second join answers 400 "1"', async () => {
    const res = await join(student, ids.current);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ isApply: false, trainingId: ids.current });
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, ids.current), eq(enrolments.accountId, student.accountId)));
    expect(e.status).toBe(1);
    const notes = await t.db.select().from(notifications).where(eq(notifications.accountId, student.accountId));
    expect(notes.map((n) => n.type)).toContain(2);
    const again = await join(student, ids.current);
    expect(again.statusCode).toBe(400);
    expect(again.json().ErrorCode).toBe('1');
  });

  it('by application: a pending application row, isApply true, and the preview shows it pending', async () => {
    const res = await join(student, ids.apply);
    expect(res.json()).toEqual({ isApply: true, trainingId: ids.apply });
    const rows = await t.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.courseId, ids.apply));
    expect(rows).toEqual([expect.objectContaining({ accountId: student.accountId, status: 'pending' })]);
    expect((await call(student, 'GET', `/api/catalog/course/${ids.apply}`)).json().applicationPending).toBe(true);
    expect((await call(other, 'GET', `/api/catalog/course/${ids.apply}`)).json().applicationPending).toBe(false);
    const enrolled = await t.db.select().from(enrolments).where(eq(enrolments.courseId, ids.apply));
    expect(enrolled).toEqual([]);
  });

  it('400 "3" when the course needs a confirmed e-mail and the account has none', async () => {
    await t.db.update(accounts).set({ emailConfirmed: false }).where(eq(accounts.id, other.accountId));
    const res = await join(other, ids.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('3');
    await t.db.update(accounts).set({ emailConfirmed: true }).where(eq(accounts.id, other.accountId));
    expect((await join(other, ids.email)).statusCode).toBe(200);
  });

  it('400 "4" for an ended or closed course, or an expelled student', async () => {
    expect((await join(student, ids.past)).json().ErrorCode).toBe('4');
    expect((await join(student, ids.closed)).json().ErrorCode).toBe('4');
    await enrol(ids.future, other.accountId, 2);
    expect((await join(other, ids.future)).json().ErrorCode).toBe('4');
  });

  it('400 "5" when already in a course of the same related category', async () => {
    expect((await join(student, ids.catA)).statusCode).toBe(200);
    const res = await join(student, ids.catB);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('5');
  });

  it('400 "14" until the mandatory attributes are filled through the unfilled form, then joins', async () => {
    const [attr] = await t.db
      .insert(attributes)
      .values({ type: 3, label: 'Курс обучения', name: 'year', min: 1, max: 6 })
      .returning();
    // the course's own requirement (course_attributes) makes it mandatory for this course's join
    await t.db.insert(courseAttributes).values({ courseId: ids.attr, attributeId: attr.id, requirement: 1 });
    try {
      const res = await join(other, ids.attr);
      expect(res.statusCode).toBe(400);
      expect(res.json().ErrorCode).toBe('14');
      const form = await call(other, 'GET', `/api/Attribute/course/${ids.attr}/unfilled`);
      expect(form.json().map((a: { id: number }) => a.id)).toEqual([attr.id]);
      const bad = await call(other, 'POST', `/api/Attribute/course/${ids.attr}/unfilled`, { values: [{ attributeId: attr.id, value: '9' }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[String(attr.id)]).toBeTruthy();
      expect((await call(other, 'POST', `/api/Attribute/course/${ids.attr}/unfilled`, { values: [] })).statusCode).toBe(400);
      const ok = await call(other, 'POST', `/api/Attribute/course/${ids.attr}/unfilled`, { values: [{ attributeId: attr.id, value: '2' }] });
      expect(ok.json()).toEqual({ unfilled: [] });
      expect((await join(other, ids.attr)).statusCode).toBe(200);
      // the student's value is their own: the first student still has it unfilled
      expect((await call(student, 'GET', `/api/Attribute/course/${ids.attr}/unfilled`)).json()).toHaveLength(1);
    } finally {
      await t.db.delete(attributes).where(eq(attributes.id, attr.id));
    }
  });

  it('the unfilled form requires a student', async () => {
    expect((await call(null, 'GET', `/api/Attribute/course/${ids.attr}/unfilled`)).statusCode).toBe(401);
    expect((await call(instructor, 'GET', `/api/Attribute/course/${ids.attr}/unfilled`)).statusCode).toBe(403);
    expect((await call(student, 'GET', `/api/Attribute/course/${ids.hidden}/unfilled`)).statusCode).toBe(404);
  });
});
