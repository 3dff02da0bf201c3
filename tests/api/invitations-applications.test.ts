import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, enrollmentApplications, enrolments, expulsionApplications, notifications } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { multipartBody } from './support/multipart.js';

/** Invitations (spec 3 §7.3, §8.5), enrolment and expulsion applications (§7.9). */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);

let owner: SignedIn, other: SignedIn, noFlags: SignedIn, student: SignedIn, s2: SignedIn;
let courseId: number, appCourseId: number, othersCourseId: number;
const future = () => {
  const d = new Date(Date.now() + 30 * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
};

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'ia-owner@test.local' });
  other = await t.signIn('Instructors', { email: 'ia-other@test.local' });
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students', { email: 'ia-s1@test.local' });
  s2 = await t.signIn('Students', { email: 'ia-s2@test.local' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Прямой' })).id;
  appCourseId = (await createCourse(owner, p.program.id, { label: 'По заявке' })).id;
  await t.db.update(courses).set({ joinMode: 'application' }).where(eq(courses.id, appCourseId));
  othersCourseId = (await createCourse(other, p.program.id, { label: 'Чужой' })).id;
});

describe('invitations: instructor side', () => {
  it('guards: 401, 403 for students, 404 for another course', async () => {
    for (const [m, u, b] of [
      ['POST', '/api/invite/generate-code', undefined],
      ['POST', '/api/invite', { trainingId: courseId }],
      ['GET', '/api/invite/1/edit', undefined],
      ['PUT', '/api/invite/1', { code: 'abcd' }],
      ['DELETE', '/api/invite/1', undefined],
    ] as const) {
      expect((await call(null, m, u, b)).statusCode, `${m} ${u}`).toBe(401);
      expect((await call(student, m, u, b)).statusCode, `${m} ${u}`).toBe(403);
    }
    expect((await call(other, 'POST', '/api/invite', { trainingId: courseId })).statusCode).toBe(404);
  });
  it('creates with a generated code and DD/MM/YYYY or DD.MM.YYYY; bad code/date give Code and ExpiryDate', async () => {
    const gen = await call(owner, 'POST', '/api/invite/generate-code');
    expect(gen.json().code).toMatch(/^[A-Za-z0-9_-]{4,64}$/);
    const a = await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'ia-direct', expiryDate: future() });
    expect(a.statusCode, a.body).toBe(201);
    const b = await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'ia-slash', expiryDate: future().replace(/\./g, '/') });
    expect(b.statusCode, b.body).toBe(201);
    expect(a.json().expiryDate.slice(0, 10)).toBe(b.json().expiryDate.slice(0, 10));
    const bad = await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'ia-direct', expiryDate: '31.02.2030' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Code).toBeTruthy();
    // a day the calendar has not is named as such, not as a wrong format
    expect(bad.json().ExpiryDate).toMatch(/Такой даты нет в календаре/);
    for (const expiryDate of ['2030/01/01', '1.1.20', '01.01.2000']) {
      expect((await call(owner, 'POST', '/api/invite', { trainingId: courseId, expiryDate })).json().ExpiryDate, expiryDate).toBeTruthy();
    }
    expect((await call(owner, 'POST', '/api/invite', { trainingId: courseId, expiryDate: '1.1.20' })).json().ExpiryDate).toMatch(/ДД\/ММ\/ГГГГ/);
    expect((await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'a b' })).json().Code).toBeTruthy();
    const noCode = await call(owner, 'POST', '/api/invite', { trainingId: appCourseId });
    expect(noCode.json().code).toMatch(/^[A-Za-z0-9_-]+$/);
    await call(owner, 'POST', '/api/invite', { trainingId: appCourseId, code: 'ia-apply' });
  });
  it('edits and deletes; another course answers 404', async () => {
    const inv = (await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'ia-edit' })).json();
    expect((await call(owner, 'GET', `/api/invite/${inv.id}/edit`)).json()).toMatchObject({ code: 'ia-edit', trainingId: courseId });
    expect((await call(other, 'GET', `/api/invite/${inv.id}/edit`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/api/invite/${inv.id}`, { code: 'hijack' })).statusCode).toBe(404);
    const put = await call(owner, 'PUT', `/api/invite/${inv.id}`, { code: 'ia-edit2', expiryDate: future() });
    expect(put.json()).toMatchObject({ code: 'ia-edit2' });
    expect((await call(owner, 'PUT', `/api/invite/${inv.id}`, { code: 'ia-direct' })).json().Code).toBeTruthy();
    expect((await call(other, 'DELETE', `/api/invite/${inv.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/invite/${inv.id}`)).statusCode).toBe(200);
  });
});

describe('invitations: guest and student side', () => {
  it('a guest sees the preview; unknown codes are 404; expired ones 400.2 with InvitationDate', async () => {
    const res = await call(null, 'GET', '/api/invite/ia-direct');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ courseId, label: 'Прямой' });
    expect((await call(null, 'GET', '/api/invite/nope-nope')).statusCode).toBe(404);
    const expired = (await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'ia-expired' })).json();
    const { invitations } = await import('../../server/db/schema/index.js');
    await t.db.update(invitations).set({ expiryDate: new Date('2020-01-02T23:59:59Z') }).where(eq(invitations.id, expired.id));
    const e = await call(null, 'GET', '/api/invite/ia-expired');
    expect(e.statusCode).toBe(400);
    expect(e.json()).toMatchObject({ ErrorCode: '2', InvitationDate: '2020-01-02T23:59:59.000Z' });
    const j = await call(student, 'POST', `/api/invite/trainings/${courseId}/join?code=ia-expired`);
    expect(j.json().ErrorCode).toBe('2');
  });
  it('a finished course is unavailable (400.4)', async () => {
    const p = await seedProgram('Old');
    const old = (await createCourse(owner, p.program.id, { label: 'Прошёл' })).id;
    await t.db.update(courses).set({ end: new Date('2020-01-01') }).where(eq(courses.id, old));
    await call(owner, 'POST', '/api/invite', { trainingId: old, code: 'ia-old' });
    expect((await call(null, 'GET', '/api/invite/ia-old')).json().ErrorCode).toBe('4');
  });
  it('join: students only; code must belong to the course; enrols; joining twice is 400.1', async () => {
    expect((await call(null, 'POST', `/api/invite/trainings/${courseId}/join?code=ia-direct`)).statusCode).toBe(401);
    expect((await call(owner, 'POST', `/api/invite/trainings/${courseId}/join?code=ia-direct`)).statusCode).toBe(403);
    expect((await call(student, 'POST', `/api/invite/trainings/${othersCourseId}/join?code=ia-direct`)).statusCode).toBe(404);
    const view = await call(student, 'GET', `/api/invite/trainings/${courseId}/view?code=ia-direct`);
    expect(view.json()).toMatchObject({ isJoined: false });
    const j = await call(student, 'POST', `/api/invite/trainings/${courseId}/join`, { code: 'ia-direct' });
    expect(j.json()).toEqual({ isApply: false, trainingId: courseId });
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, student.accountId)));
    expect(e.invitationId).not.toBeNull();
    expect((await call(student, 'POST', `/api/invite/trainings/${courseId}/join?code=ia-direct`)).json().ErrorCode).toBe('1');
  });
});

describe('enrolment applications', () => {
  let applicationId: number;
  it('joining a course by application creates a pending application', async () => {
    const j = await call(s2, 'POST', `/api/invite/trainings/${appCourseId}/join?code=ia-apply`);
    expect(j.json()).toEqual({ isApply: true, trainingId: appCourseId });
    const v = await call(s2, 'GET', `/api/invite/trainings/${appCourseId}/view?code=ia-apply`);
    expect(v.json()).toMatchObject({ isApplied: true, isJoined: false });
    const [a] = await t.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.accountId, s2.accountId));
    applicationId = a.id;
  });
  it('guards: 401, 403 (student, no flag), 404 for another course', async () => {
    for (const [m, u] of [
      ['POST', `/api/applications/${applicationId}/allow`],
      ['POST', `/api/applications/${applicationId}/deny`],
      ['POST', `/api/applications/trainings/${appCourseId}/export`],
      ['GET', '/api/instructors/trainings/applications/count'],
      ['POST', '/api/instructors/applications'],
    ] as const) {
      expect((await call(null, m, u)).statusCode, u).toBe(401);
      expect((await call(student, m, u)).statusCode, u).toBe(403);
      expect((await call(noFlags, m, u)).statusCode, u).toBe(403);
    }
    expect((await call(other, 'POST', `/api/applications/${applicationId}/allow`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/applications/trainings/${appCourseId}/export`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/instructors/trainings/applications/count')).json()).toEqual({ count: 0 });
  });
  it('lists, counts, exports, allows (enrolment + notification); a decided one cannot be decided again', async () => {
    expect((await call(owner, 'GET', '/api/instructors/trainings/applications/count')).json()).toEqual({ count: 1 });
    const list = await call(owner, 'POST', `/api/instructors/applications?training=${appCourseId}`, {});
    expect(list.json().result).toMatchObject([{ id: applicationId, accountId: s2.accountId, status: 'pending' }]);
    const x = await call(owner, 'POST', `/api/applications/trainings/${appCourseId}/export`);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect((await call(owner, 'POST', `/api/applications/${applicationId}/allow`)).json()).toMatchObject({ status: 'allowed' });
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, appCourseId), eq(enrolments.accountId, s2.accountId)));
    expect(e.status).toBe(1);
    const n = await t.db.select().from(notifications).where(eq(notifications.accountId, s2.accountId));
    expect(n.some((r) => r.type === 2)).toBe(true);
    expect((await call(owner, 'POST', `/api/applications/${applicationId}/deny`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/instructors/trainings/applications/count')).json()).toEqual({ count: 0 });
  });
  it('deny', async () => {
    const [a] = await t.db.insert(enrollmentApplications).values({ courseId: appCourseId, accountId: student.accountId }).returning();
    expect((await call(owner, 'POST', `/api/applications/${a.id}/deny`)).json()).toMatchObject({ status: 'denied' });
  });
});

describe('expulsion applications', () => {
  let id: number;
  it('a student files one (with a file), lists, edits with a file, withdraws; others get 404', async () => {
    const mp = multipartBody({ name: 'app.pdf', data: '%PDF-1.4 test' }, { trainingId: String(courseId), reason: 'Переезд' });
    const res = await t.app.inject({ method: 'POST', url: '/api/students/expulsion/application', headers: { ...student.headers, ...mp.headers }, payload: mp.payload });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    const notMine = multipartBody({ name: 'app.pdf', data: '%PDF-1.4' }, { trainingId: String(othersCourseId) });
    expect((await t.app.inject({ method: 'POST', url: '/api/students/expulsion/application', headers: { ...student.headers, ...notMine.headers }, payload: notMine.payload })).statusCode).toBe(400);
    const list = await call(student, 'GET', '/api/students/expulsion/applications');
    expect(list.json()).toMatchObject([{ id, reason: 'Переезд', status: 'pending', file: { name: 'app.pdf' } }]);
    expect((await call(s2, 'GET', '/api/students/expulsion/applications')).json()).toEqual([]);
    const exe = multipartBody({ name: 'virus.exe', data: 'MZ' }, { reason: 'x' });
    const bad = await t.app.inject({ method: 'POST', url: `/api/students/expulsion/application/${id}/edit`, headers: { ...student.headers, ...exe.headers }, payload: exe.payload });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ErrorCode).toBe('FileUpload.DataError');
    const big = multipartBody({ name: 'big.pdf', data: Buffer.alloc(10 * 1024 * 1024 + 1) });
    const tooBig = await t.app.inject({ method: 'POST', url: `/api/students/expulsion/application/${id}/edit`, headers: { ...student.headers, ...big.headers }, payload: big.payload });
    expect(tooBig.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
    const ed = multipartBody({ name: 'new.docx', data: 'PK..' }, { reason: 'Новая причина' });
    const edRes = await t.app.inject({ method: 'POST', url: `/api/students/expulsion/application/${id}/edit`, headers: { ...student.headers, ...ed.headers }, payload: ed.payload });
    expect(edRes.json()).toMatchObject({ reason: 'Новая причина', file: { name: 'new.docx' } });
    const edOther = await t.app.inject({ method: 'POST', url: `/api/students/expulsion/application/${id}/edit`, headers: { ...s2.headers, ...ed.headers }, payload: ed.payload });
    expect(edOther.statusCode).toBe(404);
    expect((await call(s2, 'POST', `/api/students/expulsion/application/${id}/withdraw`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/expulsion/application/${id}/file`)).statusCode).toBe(200);
    expect((await call(other, 'GET', `/api/expulsion/application/${id}/file`)).statusCode).toBe(404);
    expect((await call(s2, 'GET', `/api/expulsion/application/${id}/file`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/students/expulsion/applications')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/students/expulsion/applications')).statusCode).toBe(401);
  });
  it('instructors list them (their courses only) and allow: the student is expelled', async () => {
    expect((await call(student, 'GET', '/api/instructors/expulsions')).statusCode).toBe(403);
    expect((await call(other, 'GET', '/api/instructors/expulsions')).json()).toEqual([]);
    expect((await call(owner, 'GET', '/api/instructors/expulsions')).json()).toMatchObject([{ id, accountId: student.accountId }]);
    expect((await call(other, 'POST', `/api/instructors/expulsions/${id}/allow`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/instructors/expulsions/${id}/allow`)).json()).toMatchObject({ status: 'allowed' });
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, student.accountId)));
    expect(e.status).toBe(2);
    expect((await call(student, 'POST', `/api/students/expulsion/application/${id}/withdraw`)).statusCode).toBe(400);
  });
  it('withdraw a pending one', async () => {
    const [x] = await t.db.insert(expulsionApplications).values({ courseId: appCourseId, accountId: s2.accountId }).returning();
    expect((await call(s2, 'POST', `/api/students/expulsion/application/${x.id}/withdraw`)).json()).toMatchObject({ status: 'withdrawn' });
  });
});
