import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, enrolments, groups, tasks, tutorStudents } from '../../server/db/schema/index.js';
import { csvField } from '../../server/modules/crmExport/adapters.js';
import { TaskType } from '../../shared/enums.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * The CRM export (issue 28 item 8; spec 2 §4 task type 1): `POST …/trainings/{courseId}/export-to-crm`
 * queues a task whose handler hands the course's students to an adapter; the built-in targets
 * write an xlsx or a CSV file offered in the queue. Guarded like the other student exports.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse, waitForTask } = courseHelpers(t);
const url = (courseId: number) => `/api/instructors/trainings/${courseId}/export-to-crm`;
const Q = '/api/instructors/queue';

let owner: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn, tutor: SignedIn, tutorNoPanel: SignedIn;
let courseId: number, otherCourseId: number, groupId: number;
const studentIds: number[] = [];

beforeAll(async () => {
  owner = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
  student = await t.signIn('Students');
  const p = await seedProgram('CRM');
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс CRM' })).id;
  otherCourseId = (await createCourse(stranger, p.program.id, { label: 'Чужой CRM' })).id;
  [{ id: groupId }] = await t.db.insert(groups).values({ courseId, label: 'Группа CRM' }).returning();
  for (const [i, last] of ['Алексеев', '=Формулов', 'Борисов'].entries()) {
    const s = await t.signIn('Students', { lastName: last, firstName: 'Иван', email: `crm-${i}@test.local` });
    studentIds.push(s.accountId);
    await t.db.insert(enrolments).values({ courseId, accountId: s.accountId, groupId: i === 0 ? groupId : null, status: 1 });
  }
  tutor = await t.signIn('Instructors');
  tutorNoPanel = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values([
    { courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [1, 2] },
    { courseId, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [3] },
  ]);
  await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: studentIds[2] });
});

type Task = { id: number; status: { id: string }; progress: number; error: string | null; resultFile: { name: string; address: string } | null; type: { id: number }; summary: Record<string, number> };

async function exportFile(who: SignedIn, body?: unknown) {
  const res = await call(who, 'POST', url(courseId), body);
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json() as { taskId: number };
  await waitForTask(who, taskId);
  const task = (await call(who, 'GET', `${Q}/task/${taskId}`)).json() as Task;
  expect(task.status.id, task.error ?? '').toBe('done');
  const file = await call(who, 'GET', task.resultFile!.address);
  expect(file.statusCode).toBe(200);
  return { task, file };
}

describe('CRM export', () => {
  it('writes the course’s students as CRM contacts into an xlsx (the default target), listed in the queue with progress', async () => {
    const { task, file } = await exportFile(owner);
    expect(task.type.id).toBe(TaskType.crmIntegration);
    expect(task.progress).toBe(100);
    expect(task.summary).toMatchObject({ students: 3 });
    expect(task.resultFile!.name).toMatch(/^CRM_.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 5)).toEqual(['ID аккаунта', 'Фамилия', 'Имя', 'Отчество', 'E-mail']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["'=Формулов", 'Алексеев', 'Борисов']);
    const first = rows.find((r) => r[1] === 'Алексеев')!;
    expect(first[0]).toBe(studentIds[0]);
    expect(first[6]).toBe('Группа CRM');
    expect(first[7]).toBe('Обучается');
    const listed = (await call(owner, 'GET', `${Q}/tasks?courseId=${courseId}&type=${TaskType.crmIntegration}`)).json() as { result: { id: number }[] };
    expect(listed.result.map((r) => r.id)).toContain(task.id);
  });

  it('writes a CSV (BOM, CRLF, quoted where needed) for the csv target; a group and a tutor’s own students narrow it', async () => {
    const { task, file } = await exportFile(owner, { target: 'csv', groupId });
    expect(task.resultFile!.name).toMatch(/\.csv$/);
    const lines = file.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].split(',')[1]).toBe('Фамилия');
    expect(lines[1]).toContain('crm-0@test.local');
    const mine = await exportFile(tutor, { target: 'csv' });
    const rows = mine.file.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',')[4])).toEqual(['crm-2@test.local']);
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(null)).toBe('');
  });

  it('401 without a session, 403 to a student, without ShowStudents and to a tutor without the panel permission, 404 in another course, 400 to a bad body; nothing queued', async () => {
    const count = async () => (await t.db.select({ id: tasks.id }).from(tasks)).length;
    const before = await count();
    expect((await call(null, 'POST', url(courseId), {})).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) {
      const res = await call(who, 'POST', url(courseId), {});
      expect(res.statusCode).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
    const other = await call(owner, 'POST', url(otherCourseId), {});
    expect(other.statusCode).toBe(404);
    expect(other.json().ErrorCode).toBe('TrainingNotFound');
    for (const body of [{ target: 'salesforce' }, { groupId: 0 }, { groupId: 'x' }]) {
      const res = await call(owner, 'POST', url(courseId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'ValidationError', Title: expect.any(String) });
    }
    expect(await count()).toBe(before);
  });
});
