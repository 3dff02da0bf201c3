import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, notifications } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { multipartBody } from './support/multipart.js';

/** Certificates (API "Credential", spec 3 §7.9). */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);

let owner: SignedIn, other: SignedIn, student: SignedIn, s2: SignedIn;
let courseId: number;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const upload = (who: SignedIn | null, fields: Record<string, string>, file = { name: 'cert.pdf', data: PDF as Buffer | string }) => {
  const mp = multipartBody(file, fields);
  return t.app.inject({ method: 'POST', url: '/api/Credential', headers: { ...(who ? who.headers : {}), ...mp.headers }, payload: mp.payload });
};

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'ce-owner@test.local' });
  other = await t.signIn('Instructors', { email: 'ce-other@test.local' });
  student = await t.signIn('Students', { email: 'ce-s1@test.local' });
  s2 = await t.signIn('Students', { email: 'ce-s2@test.local' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
  await t.db.insert(enrolments).values([{ courseId, accountId: student.accountId }, { courseId, accountId: s2.accountId }]);
});

describe('certificates', () => {
  let id: number;
  const fields = () => ({ trainingId: String(courseId), studentId: String(student.accountId), title: 'Сертификат', date: '2026-11-20' });
  it('upload guards: 401, 403 for students, 404 for another course', async () => {
    expect((await upload(null, fields())).statusCode).toBe(401);
    expect((await upload(student, fields())).statusCode).toBe(403);
    expect((await upload(other, fields())).statusCode).toBe(404);
  });
  it('refuses a non-PDF (by bytes and by name), an oversize file, a bad date, a missing title, a stranger', async () => {
    const fake = await upload(owner, fields(), { name: 'cert.pdf', data: 'MZ not a pdf' });
    expect(fake.json().ErrorCode).toBe('FileUpload.DataError');
    expect((await upload(owner, fields(), { name: 'cert.png', data: PDF })).json().ErrorCode).toBe('FileUpload.DataError');
    const big = await upload(owner, fields(), { name: 'cert.pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
    const badDate = await upload(owner, { ...fields(), date: '2026-13-40' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.date).toMatch(/Такой даты нет в календаре/);
    expect((await upload(owner, { ...fields(), title: ' ' })).json().errors.title).toBeTruthy();
    expect((await upload(owner, { ...fields(), studentId: String(other.accountId) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/Credential', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(400);
  });
  it('uploads a PDF and notifies the student with type 1', async () => {
    const res = await upload(owner, { ...fields(), date: '20.11.2026' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Сертификат', date: '2026-11-20', studentId: student.accountId });
    id = res.json().id;
    const n = await t.db.select().from(notifications).where(eq(notifications.accountId, student.accountId));
    expect(n.filter((r) => r.type === 1)).toHaveLength(1);
  });
  it('lists per course (staff only)', async () => {
    expect((await call(owner, 'POST', `/api/Credential/${courseId}`)).json()).toMatchObject([{ id }]);
    expect((await call(other, 'POST', `/api/Credential/${courseId}`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/Credential/${courseId}`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/Credential/${courseId}`)).statusCode).toBe(401);
  });
  it('view: the student sees only their own; staff of the course; others 404', async () => {
    expect((await call(student, 'GET', `/api/Credential/View/${id}`)).json()).toMatchObject({ id, title: 'Сертификат' });
    const file = await call(student, 'GET', `/api/Credential/View/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await call(s2, 'GET', `/api/Credential/View/${id}`)).statusCode).toBe(404);
    expect((await call(s2, 'GET', `/api/Credential/View/${id}/file`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/Credential/View/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/Credential/View/${id}?trainingId=${courseId}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/Credential/View/${id}?trainingId=${courseId + 999}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/Credential/View/${id}`)).statusCode).toBe(401);
    expect((await call(student, 'GET', '/api/students/credentials')).json()).toMatchObject([{ id }]);
    expect((await call(s2, 'GET', '/api/students/credentials')).json()).toEqual([]);
  });
  it('delete: staff of the course only', async () => {
    expect((await call(student, 'DELETE', `/api/Credential/${id}`)).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/api/Credential/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/Credential/${id}`)).statusCode).toBe(200);
    expect((await call(student, 'GET', `/api/Credential/View/${id}`)).statusCode).toBe(404);
  });
});
