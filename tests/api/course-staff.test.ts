import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** Instructors and tutors of a course, and its link tree (spec 3 §7.9 "Instructors"). */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);

let owner: SignedIn, other: SignedIn, noFlags: SignedIn, tutorOnly: SignedIn, colleague: SignedIn, student: SignedIn, s2: SignedIn;
let courseId: number;
const T = '/api/instructors/trainings';

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'cs-owner@test.local' });
  other = await t.signIn('Instructors', { email: 'cs-other@test.local' });
  noFlags = await t.signIn('Instructors', { flags: [] });
  tutorOnly = await t.signIn('Instructors', { flags: ['IncludeAndExcludeStudentsToTutor'] });
  colleague = await t.signIn('Instructors', { email: 'cs-colleague@test.local' });
  student = await t.signIn('Students', { email: 'cs-s1@test.local' });
  s2 = await t.signIn('Students', { email: 'cs-s2@test.local' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
  await t.db.insert(enrolments).values([{ courseId, accountId: student.accountId }, { courseId, accountId: s2.accountId }]);
});

describe('access', () => {
  const calls = () =>
    [
      ['GET', `${T}/${courseId}/instructors`, undefined, 'courseInstructors'],
      ['GET', `${T}/${courseId}/Instructors/${owner.accountId}/Edit`, undefined, 'instructorEdit'],
      ['PUT', `${T}/${courseId}/Instructors/${owner.accountId}/Edit`, { courseRole: 'instructor' }, 'instructorEdit'],
      ['POST', `${T}/${courseId}/Instructors/Include`, { emails: 'a@b.cd' }, 'courseInstructors'],
      ['POST', `${T}/${courseId}/Instructors/Exclude`, { emails: 'a@b.cd' }, 'courseInstructors'],
      ['DELETE', `${T}/${courseId}/Instructors/999999/Exclude`, undefined, 'courseInstructors'],
      ['GET', `${T}/${courseId}/instructors/attributes`, undefined, 'courseInstructors'],
      ['POST', `${T}/${courseId}/Instructors/Export`, undefined, 'courseInstructors'],
      ['GET', `${T}/${courseId}/instructors/excel-export`, undefined, 'courseInstructors'],
      ['GET', `${T}/${courseId}/tutor/${owner.accountId}/students`, undefined, 'tutorJoin'],
      ['POST', `${T}/${courseId}/instructors/${owner.accountId}/tutor-students/attach-or-detach-student/${student.accountId}`, undefined, 'tutorJoin'],
      ['POST', `${T}/instructors/bulk-tutor-students`, { trainingId: courseId, tutorId: owner.accountId, studentsEmails: 'a@b.cd' }, 'tutorJoin'],
      ['GET', `${T}/${courseId}/links`, undefined, 'staff'],
      ['POST', `${T}/${courseId}/links`, { text: 'x' }, 'staff'],
      ['GET', `${T}/${courseId}/links/1`, undefined, 'staff'],
      ['PUT', `${T}/${courseId}/links/1`, { text: 'x' }, 'staff'],
      ['DELETE', `${T}/${courseId}/links/1`, undefined, 'staff'],
    ] as const;
  it('401 without a session, 403 for students and without the flag, 404 for another course', async () => {
    for (const [m, u, b, rule] of calls()) {
      expect((await call(null, m, u, b)).statusCode, `${m} ${u}`).toBe(401);
      expect((await call(student, m, u, b)).statusCode, `${m} ${u}`).toBe(403);
      if (rule !== 'staff') expect((await call(noFlags, m, u, b)).statusCode, `${m} ${u}`).toBe(403);
      expect((await call(other, m, u, b)).statusCode, `${m} ${u}`).toBe(404);
    }
  });
  it('the tutor flag alone opens the tutor calls but not the role edit', async () => {
    expect((await call(tutorOnly, 'GET', `${T}/${courseId}/Instructors/${owner.accountId}/Edit`)).statusCode).toBe(403);
    expect((await call(tutorOnly, 'GET', `${T}/${courseId}/tutor/${owner.accountId}/students`)).statusCode).toBe(404);
  });
});

describe('instructors', () => {
  it('includes by comma-joined e-mails; unknown ones give System.OperationFinishedWithErrors', async () => {
    const bad = await call(owner, 'POST', `${T}/${courseId}/Instructors/Include`, { emails: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.emails).toBe('Введите корректные адреса электронной почты, разделенные запятой или пробелом');
    const res = await call(owner, 'POST', `${T}/${courseId}/Instructors/Include`, { emails: 'cs-colleague@test.local,cs-s1@test.local' });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('System.OperationFinishedWithErrors');
    expect(res.json().Description).toContain('cs-s1@test.local');
    const list = await call(owner, 'GET', `${T}/${courseId}/instructors?search=colleague`);
    expect(list.json().map((r: { accountId: number }) => r.accountId)).toEqual([colleague.accountId]);
    expect((await call(owner, 'POST', `${T}/${courseId}/Instructors/Include`, { emails: 'cs-colleague@test.local' })).statusCode).toBe(200);
  });
  it('edits the course role and panel permissions (codes checked)', async () => {
    const url = `${T}/${courseId}/Instructors/${colleague.accountId}/Edit`;
    expect((await call(owner, 'PUT', url, { courseRole: 'boss' })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', url, { courseRole: 'tutor', panelPermissions: [7] })).statusCode).toBe(400);
    const res = await call(owner, 'PUT', url, { courseRole: 'tutor', panelPermissions: [1, 4, 4] });
    expect(res.json()).toMatchObject({ courseRole: 'tutor', panelPermissions: [1, 4] });
    expect((await call(owner, 'GET', url)).json()).toMatchObject({ courseRole: 'tutor' });
  });
  it("attaches and detaches a tutor's students, one and in bulk", async () => {
    const toggle = `${T}/${courseId}/instructors/${colleague.accountId}/tutor-students/attach-or-detach-student/${student.accountId}`;
    expect((await call(owner, 'POST', toggle)).json()).toEqual({ attached: true });
    let list = await call(owner, 'GET', `${T}/${courseId}/tutor/${colleague.accountId}/students`);
    expect(list.json().filter((s: { attached: boolean }) => s.attached).length).toBe(1);
    expect((await call(owner, 'POST', toggle)).json()).toEqual({ attached: false });
    expect((await call(owner, 'POST', `${T}/${courseId}/instructors/${owner.accountId}/tutor-students/attach-or-detach-student/${student.accountId}`)).json().ErrorCode).toBe('NotTutor');
    const bulk = await call(owner, 'POST', `${T}/instructors/bulk-tutor-students`, { trainingId: courseId, tutorId: colleague.accountId, studentsEmails: 'cs-s1@test.local,cs-s2@test.local' });
    expect(bulk.json()).toEqual({ attached: 2 });
    const partial = await call(owner, 'POST', `${T}/instructors/bulk-tutor-students`, { trainingId: courseId, tutorId: colleague.accountId, studentsEmails: 'cs-s1@test.local ghost@test.local' });
    expect(partial.json().ErrorCode).toBe('System.OperationFinishedWithErrors');
    expect((await call(owner, 'POST', `${T}/instructors/bulk-tutor-students`, { trainingId: courseId, tutorId: colleague.accountId, studentsEmails: 'x;y' })).statusCode).toBe(400);
    list = await call(owner, 'GET', `${T}/${courseId}/instructors`);
    expect(list.json().find((r: { accountId: number }) => r.accountId === colleague.accountId).studentsCount).toBe(2);
  });
  it('exports to Excel with formula cells escaped', async () => {
    await t.signIn('Instructors', { email: 'cs-evil@test.local', lastName: '=HYPERLINK("x")' });
    await call(owner, 'POST', `${T}/${courseId}/Instructors/Include`, { emails: 'cs-evil@test.local' });
    for (const [m, u] of [['GET', `${T}/${courseId}/instructors/excel-export`], ['POST', `${T}/${courseId}/Instructors/Export`]] as const) {
      const res = await call(owner, m, u);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const values = wb.worksheets[0].getColumn(1).values.map(String);
      expect(values.some((v) => v.startsWith("'=HYPERLINK"))).toBe(true);
    }
  });
  it('excludes by e-mails and by id', async () => {
    const res = await call(owner, 'POST', `${T}/${courseId}/Instructors/Exclude`, { emails: 'cs-evil@test.local, cs-other@test.local' });
    expect(res.json().ErrorCode).toBe('System.OperationFinishedWithErrors');
    expect((await call(owner, 'DELETE', `${T}/${courseId}/Instructors/${colleague.accountId}/Exclude`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `${T}/${courseId}/Instructors/${colleague.accountId}/Exclude`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', `${T}/${courseId}/instructors`)).statusCode).toBe(404);
  });
});

describe('links', () => {
  it('builds a tree, validates address and parent, edits and deletes', async () => {
    const base = `${T}/${courseId}/links`;
    expect((await call(owner, 'POST', base, { text: '' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', base, { text: 'x', address: 'javascript:alert(1)' })).statusCode).toBe(400);
    const root = (await call(owner, 'POST', base, { text: 'Материалы' })).json();
    const child = await call(owner, 'POST', base, { text: 'Лекции', address: 'https://example.com/a', parentId: root.id });
    expect(child.statusCode).toBe(201);
    expect((await call(owner, 'POST', base, { text: 'y', parentId: 999999 })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', `${base}/${root.id}`, { text: 'Материалы', parentId: child.json().id })).statusCode).toBe(400);
    const tree = (await call(owner, 'GET', base)).json();
    expect(tree).toMatchObject([{ text: 'Материалы', children: [{ text: 'Лекции', address: 'https://example.com/a' }] }]);
    expect((await call(owner, 'PUT', `${base}/${child.json().id}`, { text: 'Лекции 2', address: '/files/1' })).json()).toMatchObject({ text: 'Лекции 2', address: '/files/1' });
    expect((await call(owner, 'DELETE', `${base}/${root.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', base)).json()).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('lists the running-course calls, the chosen paths included', async () => {
    // the documentation is for signed-in staff (API_DOCS=staff, the default)
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: (await t.signIn('Root')).headers });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/instructors/trainings/{courseId}/links',
      '/api/instructors/trainings/{courseId}/links/{linkId}',
      '/api/instructors/trainings/{courseId}/students/import',
      '/api/instructors/trainings/{courseId}/students/{studentId}/changes',
      '/api/invite/trainings/{courseId}/join',
      '/api/invite/{invitationId}',
      '/api/Credential/View/{certificateId}/file',
      '/api/students/expulsion/application/{id}/edit',
      '/api/instructors/trainings/{courseId}/instructors/{tutorId}/tutor-students/attach-or-detach-student/{studentId}',
    ]) expect(paths, p).toContain(p);
  });
});
