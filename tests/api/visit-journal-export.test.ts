import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, files, tasks, visits } from '../../server/db/schema/index.js';
import { TaskStopped, type TaskContext } from '../../server/jobs/index.js';
import { exportVisits } from '../../server/modules/visitJournal/exports.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The visit journal export (job type 12) and the visits export (job type 20, POST /api/Instructor/ExportVisit): tasks whose xlsx opens with the right rows. */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let other: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let ann: SignedIn;
let evil: SignedIn;
let teacher: SignedIn;
let noFlag: SignedIn;
let outsider: SignedIn;

const req = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function finished(who: SignedIn, taskId: number) {
  for (let i = 0; i < 200; i++) {
    const task = (await req(who, 'GET', `/api/instructors/queue/task/${taskId}`)).json();
    if (!['queued', 'running'].includes(task.status.id)) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the task did not finish');
}

async function workbook(who: SignedIn, address: string) {
  const file = await req(who, 'GET', address);
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course({ exerciseType: 50 });
  other = await h.course({ exerciseType: 50 });
  ann = await t.signIn('Students', { lastName: 'Аннина', firstName: 'Анна' });
  evil = await t.signIn('Students', { lastName: '=HYPERLINK("x")', firstName: 'Ева' });
  await h.enrol(data.course.id, ann.accountId);
  await h.enrol(data.course.id, evil.accountId);
  teacher = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: [] });
  outsider = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values([
    { courseId: data.course.id, accountId: teacher.accountId },
    { courseId: data.course.id, accountId: noFlag.accountId },
    { courseId: other.course.id, accountId: outsider.accountId },
  ]);
  await t.db.insert(visits).values([
    { courseId: data.course.id, lessonId: data.exercise.lessonId, exerciseId: data.exercise.id, studentId: ann.accountId, source: 'digital_code' },
    { courseId: data.course.id, lessonId: data.exercise.lessonId, exerciseId: null, studentId: ann.accountId, source: 'manual' },
    { courseId: data.course.id, lessonId: data.exercise.lessonId, exerciseId: data.exercise.id, studentId: evil.accountId, source: 'absent' },
  ]);
});

describe('visit journal export (job 12)', () => {
  const url = () => `/api/instructors/VisitJournal/Training/${data.course.id}/Export`;

  it('guards and bad input start no task', async () => {
    expect((await req(null, 'POST', url(), {})).statusCode).toBe(401);
    expect((await req(ann, 'POST', url(), {})).statusCode).toBe(403);
    expect((await req(noFlag, 'POST', url(), {})).statusCode).toBe(403);
    expect((await req(outsider, 'POST', url(), {})).statusCode).toBe(404);
    expect((await req(teacher, 'POST', url(), { groupId: 999999 })).statusCode).toBe(404);
    expect((await req(teacher, 'POST', url(), { lessonIds: [other.exercise.lessonId] })).statusCode).toBe(404);
    expect((await req(teacher, 'POST', url(), { groupId: -1 })).statusCode).toBe(400);
    expect(await t.db.select().from(tasks)).toEqual([]);
  });

  it('a task with progress to done; its xlsx has a row per student and a column per lesson mark and exercise, formulas escaped', async () => {
    const r = await req(teacher, 'POST', url(), {});
    expect(r.statusCode, r.body).toBe(200);
    const task = await finished(teacher, r.json().taskId);
    expect(task.status.id, task.error).toBe('done');
    expect(task.progress).toBe(100);
    expect(task.type.id).toBe(12);
    expect(task.courseId).toBe(data.course.id);
    const rows = rowsOf(await workbook(teacher, task.resultFile.address));
    expect(rows[0]).toEqual(['Student', 'E-mail', 'Group', 'Урок: lesson', 'Урок / Тест', 'Урок / Лекция']);
    expect(rows).toHaveLength(3);
    const byName = new Map(rows.slice(1).map((row) => [String(row[0]), row]));
    expect(byName.get('Аннина Анна')?.slice(3)).toEqual(['present', 'present']);
    const evilRow = rows.slice(1).find((row) => String(row[0]).includes('HYPERLINK'))!;
    expect(String(evilRow[0]).startsWith("'=")).toBe(true);
    expect(evilRow[4]).toBe('absent');
    // only its author downloads it: not another course's instructor, nor a colleague in this
    // course who sees the task in the queue but has no right to the visit journal
    expect((await req(outsider, 'GET', task.resultFile.address)).statusCode).toBe(404);
    expect((await req(noFlag, 'GET', `/api/instructors/queue/task/${task.id}`)).statusCode).toBe(200);
    expect((await req(noFlag, 'GET', task.resultFile.address)).statusCode).toBe(404);
  });
});

describe('visits export (job 20) and the visit-stat download', () => {
  const url = '/api/Instructor/ExportVisit';

  it('guards and bad input start no task', async () => {
    const before = (await t.db.select().from(tasks)).length;
    expect((await req(null, 'POST', url, { TrainingIds: [data.course.id] })).statusCode).toBe(401);
    expect((await req(noFlag, 'POST', url, { TrainingIds: [data.course.id] })).statusCode).toBe(403);
    expect((await req(outsider, 'POST', url, { TrainingIds: [data.course.id] })).statusCode).toBe(404);
    expect((await req(teacher, 'POST', url, {})).statusCode).toBe(400);
    expect((await req(teacher, 'POST', url, { TrainingIds: [0] })).statusCode).toBe(400);
    expect((await t.db.select().from(tasks)).length).toBe(before);
  });

  it('writes a row per course and student with the counts', async () => {
    const r = await req(teacher, 'POST', url, { TrainingIds: [data.course.id] });
    expect(r.statusCode, r.body).toBe(200);
    const task = await finished(teacher, r.json().taskId);
    expect(task.status.id, task.error).toBe('done');
    expect(task.type.id).toBe(20);
    const rows = rowsOf(await workbook(teacher, task.resultFile.address));
    expect(rows[0]).toEqual(['Course', 'Student', 'E-mail', 'Group', 'Present', 'Reported absent', 'Classes', 'Attendance, %']);
    const ann1 = rows.find((row) => row[1] === 'Аннина Анна')!;
    expect(ann1.slice(4)).toEqual([1, 0, 1, 100]);
    const evil1 = rows.find((row) => String(row[1]).includes('HYPERLINK'))!;
    expect(evil1.slice(4)).toEqual([0, 1, 1, 0]);
  });

  it('a task stopped while it writes ends with TaskStopped and leaves no file (row or bytes)', async () => {
    const [task] = await t.db
      .insert(tasks)
      .values({ type: 20, status: 'running', createdBy: teacher.accountId, params: { lang: 'en', courseIds: [data.course.id], filter: {} } })
      .returning();
    const filesBefore = (await t.db.select().from(files)).length;
    const ctx: TaskContext = {
      task,
      db: t.db,
      storage: t.app.storage,
      log: t.app.log,
      // the first checkpoint (before the first batch of students) finds the task stopped
      checkpoint: async () => {
        throw new TaskStopped();
      },
      count: () => {},
      detail: () => {},
    };
    await expect(exportVisits(ctx)).rejects.toBeInstanceOf(TaskStopped);
    expect((await t.db.select().from(files)).length).toBe(filesBefore);
  });
});
