import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, attempts, courseInstructors, enrolmentLog, enrolments, evaluations, exerciseProgress, groups, tasks, tutorStudents } from '../../server/db/schema/index.js';
import { TaskType } from '../../shared/enums.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * The course's exports through the task queue (spec 3 §7.10 "Exports"): the students journal
 * (task type 3) and all its students (16), the instructors' estimates (14) and the group log
 * (21). Each is a task with progress, stop, retry and a download; the xlsx opens with the rows
 * the caller may see, and text a spreadsheet would run (= + - @) is escaped.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse, waitForTask } = courseHelpers(t);
const T = '/api/instructors/trainings';
const Q = '/api/instructors/queue';

let owner: SignedIn, colleague: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn;
let tutor: SignedIn, tutorNoPanel: SignedIn;
let courseId: number, otherCourseId: number, groupId: number, testId: number;
const studentIds: number[] = [];

beforeAll(async () => {
  owner = await t.signIn('Instructors', { lastName: 'Проверяющая', firstName: 'Ирина' });
  colleague = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
  student = await t.signIn('Students');
  const p = await seedProgram('Выгрузки');
  testId = p.exercises[0].id;
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс выгрузок' })).id;
  otherCourseId = (await createCourse(stranger, p.program.id, { label: 'Чужой' })).id;
  [{ id: groupId }] = await t.db.insert(groups).values({ courseId, label: '@группа' }).returning();
  // names a spreadsheet would run as formulas
  const names = ['=HYPERLINK("http://evil")', '+Плюсов', '-Минусов', 'Обычный'];
  for (const [i, last] of names.entries()) {
    const s = await t.signIn('Students', { lastName: last, firstName: 'Студент', email: `export-${i}@test.local` });
    studentIds.push(s.accountId);
    await t.db.insert(enrolments).values({ courseId, accountId: s.accountId, groupId: i < 2 ? groupId : null, status: i === 3 ? 2 : 1 });
    await t.db.insert(enrolmentLog).values({ courseId, accountId: s.accountId, event: 'joined', actorId: owner.accountId });
  }
  await t.db.insert(enrolmentLog).values({ courseId, accountId: studentIds[0], event: 'group_changed', groupId, actorId: owner.accountId, reason: '=1+1' });
  await t.db.insert(exerciseProgress).values([
    { accountId: studentIds[0], courseId, exerciseId: testId, status: 4, score: 7 },
    { accountId: studentIds[1], courseId, exerciseId: testId, status: 3, score: null },
  ]);
  const [a0, a1] = await t.db
    .insert(attempts)
    .values([
      { accountId: studentIds[0], courseId, exerciseId: testId, status: 'finished', score: 7, maxScore: 10 },
      { accountId: studentIds[1], courseId, exerciseId: testId, status: 'finished', score: 0, maxScore: 10 },
    ])
    .returning();
  await t.db.insert(evaluations).values([
    { attemptId: a0.id, evaluatorId: owner.accountId, score: 7, isDraft: false, evaluatedAt: new Date(), body: '<p>Хорошо</p>' },
    { attemptId: a1.id, evaluatorId: owner.accountId, score: 3, isDraft: true },
  ]);
  await t.db.insert(courseInstructors).values({ courseId, accountId: colleague.accountId, courseRole: 'instructor' });
  tutor = await t.signIn('Instructors');
  tutorNoPanel = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values([
    { courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [1, 2] },
    { courseId, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [3] },
  ]);
  await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: studentIds[1] });
});

type Task = { id: number; status: { id: string }; progress: number; error: string | null; resultFile: { id: number; name: string; address: string } | null; type: { id: number } };

/** Posts an export, waits for its task, answers the task and the sheet's rows (values as the reader gives them). */
async function exportAndOpen(who: SignedIn, url: string, body?: unknown) {
  const res = await call(who, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json() as { taskId: number };
  await waitForTask(who, taskId);
  const task = (await call(who, 'GET', `${Q}/task/${taskId}`)).json() as Task;
  expect(task.status.id, task.error ?? '').toBe('done');
  expect(task.progress).toBe(100);
  const file = await call(who, 'GET', task.resultFile!.address);
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { task, rows, sheet };
}

describe('students journal download (task types 3 and 16)', () => {
  it('the journal xlsx holds the studying students, a cell per exercise and the aggregations, formulas escaped', async () => {
    const { task, rows } = await exportAndOpen(owner, `${T}/${courseId}/StudentsJournal/Export`, {});
    expect(task.type.id).toBe(TaskType.progressDownload);
    expect(task.resultFile!.name).toMatch(/\.xlsx$/);
    const [header, ...body] = rows;
    expect(header.slice(0, 5)).toEqual(['Студент', 'E-mail', 'Группа', 'Урок 1 / Тест', 'Урок 1 / Лекция']);
    expect(header.slice(5)).toEqual(['Среднее', 'Максимум', 'Минимум', 'Сумма', 'Выполнено, %', 'Без оценки']);
    const students = body.slice(0, 3);
    expect(students.map((r) => r[0])).toEqual(["'+Плюсов Студент", "'-Минусов Студент", `'=HYPERLINK("http://evil") Студент`]);
    expect(students[2][2]).toBe("'@группа");
    expect(students[2][3]).toBe(7);
    expect(students[0][3]).toBe('На проверке');
    expect(students[0][4]).toBeUndefined();
    const aggregates = body.slice(3);
    expect(aggregates.map((r) => r[0])).toEqual(['Среднее', 'Максимум', 'Минимум', 'Сумма', 'Выполнено, %', 'Без оценки']);
    expect(aggregates[0][3]).toBe(7);
    expect(aggregates[4][3]).toBe(33.3);
  });

  it('keeps the filters; a tutor exports their assigned students only', async () => {
    const { rows } = await exportAndOpen(owner, `${T}/${courseId}/StudentsJournal/Export`, { groupId, exerciseTypes: [20] });
    expect(rows[0].length).toBe(3 + 1 + 6);
    expect(rows.slice(1, -6).length).toBe(2);
    const mine = await exportAndOpen(tutor, `${T}/${courseId}/StudentsJournal/Export`, {});
    expect(mine.rows.slice(1, -6).map((r) => r[1])).toEqual(['export-1@test.local']);
  });

  it('all students (16): every student of the course with status and progress', async () => {
    const { task, rows } = await exportAndOpen(owner, `${T}/${courseId}/StudentsJournal/Export`, { kind: 'allStudents' });
    expect(task.type.id).toBe(TaskType.allStudentsDownload);
    expect(rows[0]).toEqual(['Фамилия', 'Имя', 'E-mail', 'Группа', 'Статус', 'Дата зачисления', 'Прогресс, %', 'Курс завершён', 'Дата завершения', 'Итоговая оценка'].slice(0, rows[0].length));
    expect(rows.slice(1).map((r) => r[0])).toEqual(["'+Плюсов", "'-Минусов", `'=HYPERLINK("http://evil")`, 'Обычный']);
    expect(rows[4][4]).toBe('Отчислен');
  });
});

describe('instructor estimates (14) and group log (21)', () => {
  it('estimates: the evaluated attempts (drafts on request) with score, evaluator and comment', async () => {
    const { task, rows } = await exportAndOpen(owner, `${T}/${courseId}/instructorestimates/export`, {});
    expect(task.type.id).toBe(TaskType.inspectors);
    expect(rows.length).toBe(2);
    expect(rows[1][0]).toBe(`'=HYPERLINK("http://evil") Студент`);
    expect(rows[1].slice(3, 12)).toEqual(['Урок 1', 'Тест', 1, 7, 10, 'Оценено', 'Проверяющая Ирина', expect.any(String), 'Хорошо']);
    const drafts = await exportAndOpen(owner, `${T}/${courseId}/instructorestimates/export`, { includeDrafts: true, exerciseIds: [testId] });
    expect(drafts.rows.length).toBe(3);
  });

  it('group log: the enrolment log, oldest first, escaped', async () => {
    const { task, rows } = await exportAndOpen(owner, `/api/Instructors/Trainings/${courseId}/TrainingStudentGroupLog/Export`);
    expect(task.type.id).toBe(TaskType.groupLogExport);
    expect(rows.length).toBe(1 + 5);
    expect(rows[0]).toEqual(['Дата', 'Студент', 'E-mail', 'Событие', 'Группа', 'Причина', 'Кто изменил']);
    const moved = rows.find((r) => r[3] === 'Смена группы')!;
    expect(moved.slice(4, 7)).toEqual(["'@группа", "'=1+1", 'Проверяющая Ирина']);
    const byGroup = await exportAndOpen(owner, `/api/Instructors/Trainings/${courseId}/TrainingStudentGroupLog/Export`, { groupId });
    expect(byGroup.rows.length).toBe(2);
    const mine = await exportAndOpen(tutor, `/api/Instructors/Trainings/${courseId}/TrainingStudentGroupLog/Export`);
    expect(mine.rows.slice(1).map((r) => r[2])).toEqual(['export-1@test.local']);
  });
});

describe('who may export', () => {
  const urls = () => [
    [`${T}/${courseId}/StudentsJournal/Export`, {}],
    [`${T}/${courseId}/instructorestimates/export`, {}],
    [`/api/Instructors/Trainings/${courseId}/TrainingStudentGroupLog/Export`, undefined],
  ] as const;
  const taskCount = async () => (await t.db.select({ id: tasks.id }).from(tasks)).length;

  it('no session 401, a student 403, no ShowStudents 403, a tutor without the panel permission 403, another course 404; nothing queued', async () => {
    const before = await taskCount();
    for (const [url, body] of urls()) {
      expect((await call(null, 'POST', url, body)).statusCode, url).toBe(401);
      for (const who of [student, noFlag, tutorNoPanel]) {
        const res = await call(who, 'POST', url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().ErrorCode).toBe('Forbidden');
      }
      const other = await call(owner, 'POST', url.replace(String(courseId), String(otherCourseId)), body);
      expect(other.statusCode, url).toBe(404);
      expect(other.json().ErrorCode).toBe('TrainingNotFound');
    }
    expect(await taskCount()).toBe(before);
  });

  it('bad bodies answer 400 and queue nothing', async () => {
    const before = await taskCount();
    const bad = [
      [`${T}/${courseId}/StudentsJournal/Export`, { kind: 'everything' }],
      [`${T}/${courseId}/StudentsJournal/Export`, { exerciseTypes: [77] }],
      [`${T}/${courseId}/instructorestimates/export`, { exerciseIds: 'all' }],
      [`${T}/${courseId}/instructorestimates/export`, { groupId: 0 }],
      [`/api/Instructors/Trainings/${courseId}/TrainingStudentGroupLog/Export`, { groupId: -1 }],
    ] as const;
    for (const [url, body] of bad) {
      const res = await call(owner, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().ErrorCode).toBe('ValidationError');
    }
    expect(await taskCount()).toBe(before);
  });

  it("the result is its author's: a colleague in the course sees the task, not the file; a stranger neither", async () => {
    const { task } = await exportAndOpen(owner, `${T}/${courseId}/instructorestimates/export`, {});
    expect((await call(colleague, 'GET', `${Q}/task/${task.id}`)).json().resultFile).toBeNull();
    expect((await call(colleague, 'GET', task.resultFile!.address)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', task.resultFile!.address)).statusCode).toBe(404);
  });
});

describe('stop and retry', () => {
  it('an author who lost the flag gets a failed task; once it is back, the author retries it to done', async () => {
    // the flag is gone by the time the task (queued in English) runs: the rights are checked again then
    await t.db.update(accounts).set({ flags: [] }).where(eq(accounts.id, colleague.accountId));
    const queued = await t.app.jobs.enqueue({ type: TaskType.groupLogExport, courseId, createdBy: colleague.accountId, payload: { lang: 'en' } });
    const failed = await waitForTask(owner, queued.id);
    expect(failed.status.id).toBe('failed');
    expect(failed.error).toBe('403.Forbidden');

    await t.db.update(accounts).set({ flags: ['ShowStudents'] }).where(eq(accounts.id, colleague.accountId));
    // only the author (or Root) may run it again
    const notMine = await call(owner, 'POST', `${Q}/task/${queued.id}/retry`);
    expect(notMine.statusCode).toBe(403);
    expect((await call(stranger, 'POST', `${Q}/task/${queued.id}/retry`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `${Q}/task/${queued.id}/retry`)).statusCode).toBe(401);
    expect((await call(student, 'POST', `${Q}/task/${queued.id}/retry`)).statusCode).toBe(403);
    expect((await call(colleague, 'POST', `${Q}/task/999999/retry`)).statusCode).toBe(404);
    const retried = await call(colleague, 'POST', `${Q}/task/${queued.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: queued.id, progress: 0, error: null });
    const done = await waitForTask(colleague, queued.id);
    expect(done.status.id).toBe('done');
    const record = (await call(colleague, 'GET', `${Q}/task/${queued.id}`)).json() as Task;
    expect(record.resultFile!.name).toBe('Group_log_Курс_выгрузок.xlsx');
    // a done task is not retried
    const again = await call(colleague, 'POST', `${Q}/task/${queued.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('TaskNotFinished');
  });

  it('a stopped export stays stopped and can be retried to done', async () => {
    await t.app.jobs.ready();
    // queued to start later, so the stop reaches it before it runs
    const queued = await t.app.jobs.enqueue({ type: TaskType.progressDownload, courseId, createdBy: owner.accountId, payload: { lang: 'ru', kind: 'progress' }, startAfterSeconds: 60 });
    const stop = await call(owner, 'DELETE', `${Q}/task/${queued.id}`);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().status.id).toBe('stopped');
    const retried = await call(owner, 'POST', `${Q}/task/${queued.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().status.id).toBe('queued');
    const done = await waitForTask(owner, queued.id);
    expect(done.status.id).toBe('done');
  });
});
