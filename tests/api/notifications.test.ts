import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** In-app notifications (spec 3 §7.5): the reader's own, in the reader's language. */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
const S = '/api/instructors/students/training';

let owner: SignedIn, student: SignedIn, other: SignedIn;
let courseId: number, secondCourseId: number;

const mine = (who: SignedIn) => t.db.select().from(notifications).where(eq(notifications.accountId, who.accountId));

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'n-owner@test.local' });
  student = await t.signIn('Students', { email: 'n-s1@test.local' });
  other = await t.signIn('Students', { email: 'n-s2@test.local' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Физика' })).id;
  secondCourseId = (await createCourse(owner, p.program.id, { label: 'Химия' })).id;
  for (const id of [courseId, secondCourseId]) {
    const res = await call(owner, 'POST', `${S}/${id}/include`, { emails: 'n-s1@test.local n-s2@test.local' });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await call(owner, 'POST', `${S}/${secondCourseId}/exclude`, { emails: 'n-s1@test.local' })).statusCode).toBe(200);
  // a row written before texts were keys: prose, shown as is
  await t.db.insert(notifications).values({ accountId: student.accountId, type: 0, text: 'Старое уведомление' });
});

describe('access', () => {
  it('answers 401 to everyone signed out and changes nothing', async () => {
    const [n] = await mine(student);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/types'],
      ['GET', '/api/notifications/count'],
      ['GET', `/api/notifications/by-course?courseId=${courseId}`],
      ['POST', `/api/notifications/${n.id}/read`],
    ] as const) {
      const res = await call(null, method, url);
      expect(res.statusCode, url).toBe(401);
    }
    expect((await mine(student)).every((r) => !r.read)).toBe(true);
  });

  it("a student marking another student's notification read gets 404 and it stays unread", async () => {
    const [theirs] = await mine(other);
    const res = await call(student, 'POST', `/api/notifications/${theirs.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorCode).toBe('NotificationNotFound');
    const [after] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(after.read).toBe(false);
    expect((await call(student, 'POST', '/api/notifications/abc/read')).statusCode).toBe(404);
  });

  it("lists, counts and types only the reader's own notifications", async () => {
    const list = (await call(other, 'GET', '/api/notifications')).json();
    expect(list.metadata.filteredRecords).toBe(2);
    expect((await call(other, 'GET', '/api/notifications/count')).json()).toEqual({ count: 2 });
    expect((await call(other, 'GET', '/api/notifications/types')).json()).toEqual([{ type: 2, total: 2, unread: 2 }]);
  });
});

describe('reading', () => {
  it("renders the stored key in the reader's language; prose rows as they are", async () => {
    const ru = (await call(student, 'GET', '/api/notifications')).json();
    expect(ru.metadata.filteredRecords).toBe(4);
    const texts = ru.data.map((n: { text: string }) => n.text);
    expect(texts).toContain('Вы зачислены на курс «Физика»');
    expect(texts).toContain('Вы отчислены с курса «Химия»');
    expect(texts).toContain('Старое уведомление');
    const en = (await call(student, 'GET', '/api/notifications', undefined, { cookie: `${student.cookie}; elp_lang=en` })).json();
    const enTexts = en.data.map((n: { text: string }) => n.text);
    expect(enTexts).toContain('You have been enrolled in the course «Физика»');
    expect(enTexts).toContain('You have been expelled from the course «Химия»');
    expect(enTexts).toContain('Старое уведомление');
    const included = ru.data.find((n: { type: number; linkFields: { trainingId?: number } }) => n.type === 2 && n.linkFields.trainingId === courseId);
    expect(included).toMatchObject({ read: false, link: `/my-courses/course/${courseId}`, date: expect.any(String) });
  });

  it('filters by type, pages with pagination.Offset and pagination.Limit, newest first', async () => {
    const tab = (await call(student, 'GET', '/api/notifications?notificationsType=2')).json();
    expect(tab.metadata.filteredRecords).toBe(2);
    expect(tab.data.every((n: { type: number }) => n.type === 2)).toBe(true);
    const all = (await call(student, 'GET', '/api/notifications')).json().data.map((n: { id: number }) => n.id);
    const second = (await call(student, 'GET', '/api/notifications?pagination.Offset=1&pagination.Limit=2')).json();
    expect(second.data.map((n: { id: number }) => n.id)).toEqual(all.slice(1, 3));
    expect(second.metadata.filteredRecords).toBe(4);
    expect((await call(student, 'GET', '/api/notifications/types')).json()).toEqual([
      { type: 0, total: 1, unread: 1 },
      { type: 2, total: 2, unread: 2 },
      { type: 4, total: 1, unread: 1 },
    ]);
  });

  it('refuses bad paging and type input with 400', async () => {
    for (const q of ['pagination.Limit=0', 'pagination.Limit=101', 'pagination.Offset=-1', 'pagination.Limit=abc', 'notificationsType=9', 'notificationsType=x']) {
      const res = await call(student, 'GET', `/api/notifications?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().ErrorCode, q).toBe('ValidationError');
    }
  });

  it('lists the notifications about one course', async () => {
    const res = (await call(student, 'GET', `/api/notifications/by-course?courseId=${secondCourseId}`)).json();
    expect(res.metadata.filteredRecords).toBe(2);
    expect(res.data.every((n: { linkFields: { trainingId?: number } }) => n.linkFields.trainingId === secondCourseId)).toBe(true);
    for (const q of ['courseId=x', 'courseId=0', '']) expect((await call(student, 'GET', `/api/notifications/by-course?${q}`)).statusCode, q).toBe(400);
    // another reader sees only their own about the same course
    expect((await call(other, 'GET', `/api/notifications/by-course?courseId=${secondCourseId}`)).json().metadata.filteredRecords).toBe(1);
  });

  it('marks the own notification read once; the count follows', async () => {
    expect((await call(student, 'GET', '/api/notifications/count')).json()).toEqual({ count: 4 });
    const [n] = await t.db.select().from(notifications).where(and(eq(notifications.accountId, student.accountId), eq(notifications.type, 4)));
    const res = await call(student, 'POST', `/api/notifications/${n.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: n.id, read: true, text: 'Вы отчислены с курса «Химия»' });
    const again = await call(student, 'POST', `/api/notifications/${n.id}/read`);
    expect(again.json()).toMatchObject({ id: n.id, read: true });
    expect((await call(student, 'GET', '/api/notifications/count')).json()).toEqual({ count: 3 });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row.readAt).toBeInstanceOf(Date);
  });
});
