import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributes, attributeValues, enrolments, groups, notifications } from '../../server/db/schema/index.js';
import { AttributeDataType } from '../../shared/enums.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { multipartBody } from './support/multipart.js';

/** Students (spec 3 §7.9 "Students") and groups of a course. */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);

let owner: SignedIn, other: SignedIn, noFlags: SignedIn, student: SignedIn, s2: SignedIn, s3: SignedIn;
let courseId: number, othersCourseId: number;
const S = '/api/instructors/students/training';
const T = '/api/instructors/trainings';
const EMAIL_MSG = 'Введите корректные адреса электронной почты, разделенные запятой или пробелом';

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'sg-owner@test.local' });
  other = await t.signIn('Instructors', { email: 'sg-other@test.local' });
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students', { email: 'sg-s1@test.local' });
  s2 = await t.signIn('Students', { email: 'sg-s2@test.local' });
  s3 = await t.signIn('Students', { email: 'sg-s3@test.local' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
  othersCourseId = (await createCourse(other, p.program.id, { label: 'Чужой' })).id;
});

describe('access', () => {
  const calls = () =>
    [
      ['POST', `${S}/${courseId}/list`, {}],
      ['POST', `${S}/${courseId}/include`, { emails: 'a@b.cd' }],
      ['POST', `${S}/${courseId}/exclude`, { emails: 'a@b.cd' }],
      ['GET', `${T}/${courseId}/kicked`],
      ['GET', `/api/trainings/${courseId}/students/possible-kick-reasons`],
      ['GET', `${T}/${courseId}/students/${student.accountId}/view`],
      ['GET', `${T}/${courseId}/students/${student.accountId}/changes`],
      ['GET', `${T}/${courseId}/results/files?studentId=${student.accountId}`],
      ['DELETE', `${T}/${courseId}/students/${student.accountId}/group`],
      ['GET', `${T}/students/attributes/set`],
      ['POST', '/api/trainings/set-attribute', { trainingId: courseId, attributeId: 1, value: 'x' }],
      ['POST', '/api/trainings/delete-attribute', { trainingId: courseId, attributes: [1], emails: 'a@b.cd' }],
      ['GET', `${T}/students/filters`],
      ['POST', `${T}/${courseId}/students/import`],
      ['GET', `/api/instructors/Trainings/${courseId}/Groups/1`],
      ['POST', `/api/instructors/Trainings/${courseId}/Groups/create`, { label: 'G' }],
      ['PUT', `/api/instructors/Trainings/${courseId}/Groups/1/Edit`, { label: 'G' }],
      ['DELETE', `/api/instructors/Trainings/${courseId}/Groups/1/Drop`],
      ['POST', `/api/instructors/Trainings/${courseId}/Groups/include`, { groupId: 1, studentIds: [1] }],
    ] as const;
  it('401 without a session, 403 for students and for instructors without ShowStudents', async () => {
    for (const [m, u, b] of calls()) {
      expect((await call(null, m, u, b)).statusCode, `${m} ${u}`).toBe(401);
      expect((await call(student, m, u, b)).statusCode, `${m} ${u}`).toBe(403);
      expect((await call(noFlags, m, u, b)).statusCode, `${m} ${u}`).toBe(403);
    }
  });
  it('404 for an instructor of another course', async () => {
    for (const [m, u, b] of calls()) {
      if (!u.includes(String(courseId))) continue;
      const res = await call(other, m, u, b);
      expect(res.statusCode, `${m} ${u}`).toBe(404);
    }
    const res = await call(other, 'POST', '/api/trainings/set-attribute', { trainingId: courseId, attributeId: 1, value: 'x' });
    expect(res.statusCode).toBe(404);
  });
});

describe('include, list, exclude, kicked', () => {
  it('refuses a malformed e-mail list with the verbatim message', async () => {
    for (const emails of ['not-an-email', 'a@b.cd; x', '', ['ok@x.ru', 'bad']]) {
      const res = await call(owner, 'POST', `${S}/${courseId}/include`, { emails });
      expect(res.statusCode, JSON.stringify(emails)).toBe(400);
      expect(res.json().errors.emails).toBe(EMAIL_MSG);
    }
  });
  it('includes known students, reports unknown e-mails and notifies', async () => {
    const res = await call(owner, 'POST', `${S}/${courseId}/include`, { emails: 'SG-S1@test.local, sg-s2@test.local sg-s3@test.local nobody@test.local' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ included: 3, notFound: ['nobody@test.local'] });
    const n = await t.db.select().from(notifications).where(eq(notifications.accountId, student.accountId));
    expect(n.some((x) => x.type === 2)).toBe(true);
    const again = await call(owner, 'POST', `${S}/${courseId}/include`, { emails: 'sg-s1@test.local' });
    expect(again.json()).toMatchObject({ included: 0, alreadyIncluded: 1 });
  });
  it('lists with search and paging', async () => {
    const all = await call(owner, 'POST', `${S}/${courseId}/list`, {});
    expect(all.json().metadata.filteredRecords).toBe(3);
    const one = await call(owner, 'POST', `${S}/${courseId}/list`, { search: 'sg-s2' });
    expect(one.json().result.map((r: { accountId: number }) => r.accountId)).toEqual([s2.accountId]);
    const page = await call(owner, 'POST', `${S}/${courseId}/list`, { take: 1, skip: 1 });
    expect(page.json().result).toHaveLength(1);
    expect((await call(owner, 'POST', `${S}/${courseId}/list`, { take: 0 })).statusCode).toBe(400);
  });
  it('excludes with a reason into the kicked list', async () => {
    const reasons = await call(owner, 'GET', `/api/trainings/${courseId}/students/possible-kick-reasons`);
    expect(reasons.json().length).toBeGreaterThan(0);
    const res = await call(owner, 'POST', `${S}/${courseId}/exclude`, { emails: 'sg-s3@test.local', reason: 'ownWish' });
    expect(res.json()).toMatchObject({ excluded: 1 });
    const kicked = await call(owner, 'GET', `${T}/${courseId}/kicked`);
    expect(kicked.json()).toMatchObject([{ accountId: s3.accountId, kickReason: 'ownWish', status: 2 }]);
    expect((await call(owner, 'POST', `${S}/${courseId}/exclude`, { emails: 'bad list' })).json().errors.emails).toBe(EMAIL_MSG);
  });
  it("shows a student's view and changes; 404 for a stranger", async () => {
    const v = await call(owner, 'GET', `${T}/${courseId}/students/${student.accountId}/view`);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().student.accountId).toBe(student.accountId);
    expect(v.json().exercises.length).toBe(2);
    const c = await call(owner, 'GET', `${T}/${courseId}/students/${student.accountId}/changes`);
    expect(c.json().enrolment.length).toBeGreaterThan(0);
    expect((await call(owner, 'GET', `${T}/${courseId}/students/${other.accountId}/view`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `${T}/${courseId}/results/files?studentId=${student.accountId}`)).json()).toEqual([]);
  });
});

describe('groups', () => {
  let groupId: number;
  it('creates with a lead from the staff only, edits, includes, removes from group, drops', async () => {
    const bad = await call(owner, 'POST', `/api/instructors/Trainings/${courseId}/Groups/create`, { label: 'Г1', lead: other.accountId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.lead).toBeTruthy();
    expect((await call(owner, 'POST', `/api/instructors/Trainings/${courseId}/Groups/create`, { label: '  ' })).statusCode).toBe(400);
    const res = await call(owner, 'POST', `/api/instructors/Trainings/${courseId}/Groups/create`, { label: 'Г1', lead: owner.accountId });
    expect(res.statusCode, res.body).toBe(201);
    groupId = res.json().id;
    const ed = await call(owner, 'PUT', `/api/instructors/Trainings/${courseId}/Groups/${groupId}/Edit`, { label: 'Г2', lead: null });
    expect(ed.json()).toMatchObject({ label: 'Г2', leadId: null });
    const inc = await call(owner, 'POST', `/api/instructors/Trainings/${courseId}/Groups/include`, { groupId, emails: 'sg-s1@test.local' });
    expect(inc.json()).toMatchObject({ included: 1 });
    expect((await call(owner, 'POST', `/api/instructors/Trainings/${courseId}/Groups/include`, { groupId, emails: 'x' })).statusCode).toBe(400);
    const g = await call(owner, 'GET', `/api/instructors/Trainings/${courseId}/Groups/${groupId}`);
    expect(g.json().students.map((s: { accountId: number }) => s.accountId)).toEqual([student.accountId]);
    const byGroup = await call(owner, 'POST', `${S}/${courseId}/list`, { groupId });
    expect(byGroup.json().metadata.filteredRecords).toBe(1);
    expect((await call(other, 'GET', `/api/instructors/Trainings/${othersCourseId}/Groups/${groupId}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${T}/${courseId}/students/${student.accountId}/group`)).statusCode).toBe(200);
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, student.accountId)));
    expect(e.groupId).toBeNull();
    expect((await call(owner, 'DELETE', `/api/instructors/Trainings/${courseId}/Groups/${groupId}/Drop`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/instructors/Trainings/${courseId}/Groups/${groupId}`)).statusCode).toBe(404);
  });
});

describe('import', () => {
  const url = () => `${T}/${courseId}/students/import`;
  it('imports nothing when one row is bad, and reports rows by number', async () => {
    const [g] = await t.db.insert(groups).values({ courseId, label: 'Импорт' }).returning();
    const file = await xlsx([['email', 'group'], ['sg-s3@test.local', 'Импорт'], ['broken', ''], ['ghost@test.local', ''], ['sg-s2@test.local', 'Нет такой']]);
    const mp = multipartBody({ name: 'students.xlsx', data: file });
    const res = await t.app.inject({ method: 'POST', url: url(), headers: { ...owner.headers, ...mp.headers }, payload: mp.payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 5]);
    const [e] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, s3.accountId)));
    expect(e.status).toBe(2);
    const good = multipartBody({ name: 'students.csv', data: `email;group\nsg-s3@test.local;Импорт\n` });
    const ok = await t.app.inject({ method: 'POST', url: url(), headers: { ...owner.headers, ...good.headers }, payload: good.payload });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ imported: 1 });
    const [after] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, s3.accountId)));
    expect(after).toMatchObject({ status: 1, groupId: g.id });
  });
  it('refuses other file types, fake xlsx, non-multipart and oversize files', async () => {
    for (const f of [{ name: 'a.txt', data: 'x' }, { name: 'a.xlsx', data: 'not a zip' }]) {
      const mp = multipartBody(f);
      const res = await t.app.inject({ method: 'POST', url: url(), headers: { ...owner.headers, ...mp.headers }, payload: mp.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().ErrorCode).toBe('FileUpload.DataError');
    }
    expect((await call(owner, 'POST', url(), { a: 1 })).statusCode).toBe(400);
    const big = multipartBody({ name: 'a.csv', data: Buffer.alloc(5 * 1024 * 1024 + 10, 'a') });
    const res = await t.app.inject({ method: 'POST', url: url(), headers: { ...owner.headers, ...big.headers }, payload: big.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
  });
});

describe('a course\'s attribute values set and cleared by its staff (spec 3 §7.2 set-attribute, delete-attribute)', () => {
  let intAttr: number;
  beforeAll(async () => {
    [{ id: intAttr }] = await t.db.insert(attributes).values({ name: 'sg-score', label: 'Баллы ЕГЭ', type: AttributeDataType.int, min: 0, max: 300 }).returning({ id: attributes.id });
    for (const s of [student, s2]) await call(owner, 'POST', `${S}/${courseId}/include`, { emails: s === student ? 'sg-s1@test.local' : 'sg-s2@test.local' });
  });
  const valuesOf = async () => (await t.db.select().from(attributeValues).where(and(eq(attributeValues.attributeId, intAttr), eq(attributeValues.trainingId, courseId)))).map((v) => v.value);

  it('refuses a value the attribute\'s type does not allow (the shared validator), storing nothing', async () => {
    for (const value of ['abc', '301', '-1']) {
      const res = await call(owner, 'POST', '/api/trainings/set-attribute', { trainingId: courseId, attributeId: intAttr, value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors.value, value).toBeTruthy();
    }
    expect(await valuesOf()).toEqual([]);
  });

  it('sets a valid value for the course\'s students and clears it by e-mail; an unknown e-mail is ErrorCode 26 with messages', async () => {
    const set = await call(owner, 'POST', '/api/trainings/set-attribute', { trainingId: courseId, attributeId: intAttr, value: '250' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().updated).toBeGreaterThanOrEqual(2);
    const before = await valuesOf();
    expect(before).toHaveLength(set.json().updated);
    expect(before.every((v) => v === '250')).toBe(true);

    const unknown = await call(owner, 'POST', '/api/trainings/delete-attribute', { trainingId: courseId, attributes: [intAttr], emails: 'nobody@test.local' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ ErrorCode: '26' });
    expect(unknown.json().messages[0]).toContain('nobody@test.local');
    const cleared = await call(owner, 'POST', '/api/trainings/delete-attribute', { trainingId: courseId, attributes: [intAttr], emails: 'sg-s1@test.local' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().cleared).toBe(1);
    expect(await valuesOf()).toHaveLength(before.length - 1);
  });
});
