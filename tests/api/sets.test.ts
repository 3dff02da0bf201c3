import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseGroupItems, courseGroups, courseInstructors, courses, enrolmentLog, enrolments, notifications, tasks } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** Course groups (API "Set"): spec 3 §7.9 "Course groups (sets)"; bulk by-set calls run as tasks. */
const t = await createTestApp();
const { call, seedProgram, createCourse, createSet, waitForTask } = courseHelpers(t);

let owner: SignedIn;
let coTeacher: SignedIn;
let stranger: SignedIn;
let student: SignedIn;
let student2: SignedIn;
let root: SignedIn;
let c1: number;
let c2: number;
let c3: number;
let othersCourse: number;
let top: number;
let child: number;

const S = '/api/instructors/sets';

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'owner@sets.local' });
  coTeacher = await t.signIn('Instructors', { flags: [], email: 'co@sets.local' });
  stranger = await t.signIn('Instructors', { email: 'stranger@sets.local' });
  student = await t.signIn('Students', { email: 'student@sets.local' });
  student2 = await t.signIn('Students', { email: 'student2@sets.local' });
  root = await t.signIn('Root');
  const { program } = await seedProgram('Программа групп');
  c1 = (await createCourse(owner, program.id, { label: 'Курс 1' })).id;
  c2 = (await createCourse(owner, program.id, { label: '=Курс 2' })).id;
  c3 = (await createCourse(owner, program.id, { label: 'Курс 3' })).id;
  othersCourse = (await createCourse(stranger, program.id, { label: 'Чужой курс' })).id;
  await t.db.insert(courseInstructors).values({ courseId: c3, accountId: coTeacher.accountId, courseRole: 'instructor' });
  top = (await createSet(owner, { label: 'Направление', trainingIds: [c1] })).id;
  child = (await createSet(owner, { label: 'Модуль', trainingIds: [c2, c3] }, top)).id;
});

describe('access', () => {
  const setCalls = () => [
    ['GET', `${S}/${top}`],
    ['PUT', `${S}/${top}`, { label: 'x' }],
    ['DELETE', `${S}/${top}`],
    ['POST', `${S}/${top}/child`, { label: 'x' }],
    ['GET', `/api/Instructors/Sets/${top}/list`],
    ['GET', `/api/instructors/parent-sets-for/${child}`],
    ['GET', `${S}/${top}/trainings-hierarchy`],
    ['GET', `/api/Sets/${top}/Reorder`],
    ['PUT', `/api/Sets/${top}/Reorder`, { orders: [{ id: c1, type: 1 }] }],
    ['GET', `/api/instructors/trainings/export/sets/${top}`],
    ['POST', '/api/Instructors/Trainings/Instructors/Include/by-set', { setId: top, emails: 'co@sets.local' }],
    ['POST', '/api/Instructors/Trainings/Instructors/Remove/by-set', { setId: top, emails: 'co@sets.local' }],
    ['POST', '/api/Instructors/Trainings/Students/Include/by-set', { setId: top, emails: 'student@sets.local' }],
  ] as const;

  it('every call needs a session (401) and refuses students (403)', async () => {
    for (const [method, url, payload] of [...setCalls(), ['GET', S], ['POST', S, { label: 'x' }]] as const) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(student, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('an instructor with no course in the group gets 404 for every call, and nothing changes', async () => {
    for (const [method, url, payload] of setCalls()) {
      const res = await call(stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().ErrorCode).toBe('SetNotFound');
    }
    expect((await t.db.select().from(courseGroups).where(eq(courseGroups.id, top)))[0].label).toBe('Направление');
    expect((await t.db.select().from(tasks)).length).toBe(0);
    expect((await call(stranger, 'GET', S)).json()).toEqual([]);
  });

  it('a co-teacher of a course in the group sees the way to it but may not change the group (403)', async () => {
    const tops = (await call(coTeacher, 'GET', S)).json();
    expect(tops.map((s: { id: number }) => s.id)).toEqual([top]);
    expect(tops[0].canManage).toBe(false);
    // sees only the course they run
    const tree = (await call(coTeacher, 'GET', `${S}/${top}/trainings-hierarchy`)).json();
    expect(tree.children).toEqual([expect.objectContaining({ id: child, type: 2, children: [expect.objectContaining({ id: c3, type: 1 })] })]);
    for (const [method, url, payload] of [
      ['PUT', `${S}/${child}`, { label: 'x' }],
      ['DELETE', `${S}/${child}`],
      ['POST', `${S}/${child}/child`, { label: 'x' }],
      ['PUT', `/api/Sets/${child}/Reorder`, { orders: [{ id: c3, type: 1 }] }],
      ['POST', '/api/Instructors/Trainings/Students/Include/by-set', { setId: child, emails: 'student@sets.local' }],
    ] as const) {
      const res = await call(coTeacher, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(root, 'GET', `${S}/${child}`)).json().canManage).toBe(true);
  });
});

describe('groups', () => {
  it('create, child, get, list (mixed, in order), parents, hierarchy', async () => {
    const got = (await call(owner, 'GET', `${S}/${top}`)).json();
    expect(got).toMatchObject({ id: top, parentId: null, label: 'Направление', trainingIds: [c1], childrenCount: 1, coursesCount: 3, canManage: true });
    const list = (await call(owner, 'GET', `/api/Instructors/Sets/${top}/list`)).json();
    expect(list.map((i: { id: number; type: number }) => [i.type, i.id])).toEqual([
      [1, c1],
      [2, child],
    ]);
    expect((await call(owner, 'GET', `/api/instructors/parent-sets-for/${child}`)).json()).toEqual([{ id: top, label: 'Направление', parentId: null }]);
    const grand = await createSet(owner, { label: 'Тема', begin: '2030-01-01', end: '2030-02-01' }, child);
    expect((await call(owner, 'GET', `/api/instructors/parent-sets-for/${grand.id}`)).json().map((p: { id: number }) => p.id)).toEqual([top, child]);
    const tree = (await call(owner, 'GET', `${S}/${top}/trainings-hierarchy`)).json();
    expect(tree).toMatchObject({
      id: top,
      type: 2,
      children: [
        { id: c1, type: 1, label: 'Курс 1' },
        { id: child, type: 2, children: [{ id: c2 }, { id: c3 }, { id: grand.id, type: 2, children: [] }] },
      ],
    });
    await call(owner, 'DELETE', `${S}/${grand.id}`);
  });

  it('rejects bad input: empty label, date range, courses the caller may not see', async () => {
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ label: '' }, 'label', 'Обязательное поле'],
      [{ label: 'x', begin: '2030-05-01', end: '2030-04-01' }, 'end', 'Неверно задан диапазон дат'],
      [{ label: 'x', begin: '2030-13-01' }, 'begin', 'Некорректное значение'],
      [{ label: 'x', trainingIds: [othersCourse] }, 'trainingIds', `Курсы недоступны: ${othersCourse}`],
      [{ label: 'x', trainingIds: ['a'] }, 'trainingIds.0', null],
    ];
    const before = (await t.db.select().from(courseGroups)).length;
    for (const [body, field, message] of cases) {
      const res = await call(owner, 'POST', S, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], res.body).toBe(message ?? res.json().errors[field] ?? 'a message');
    }
    expect((await t.db.select().from(courseGroups)).length).toBe(before);
  });

  it('edit changes fields and the courses in the group; delete drops children but keeps courses', async () => {
    const g = await createSet(owner, { label: 'Временная', trainingIds: [c1, c2] });
    const sub = await createSet(owner, { label: 'Вложенная', trainingIds: [c3] }, g.id);
    const put = await call(owner, 'PUT', `${S}/${g.id}`, { label: 'Переименованная', description: 'Текст', isPublished: true, trainingIds: [c2] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ label: 'Переименованная', description: 'Текст', isPublished: true, trainingIds: [c2] });
    const del = await call(owner, 'DELETE', `${S}/${g.id}`);
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(courseGroups).where(inArray(courseGroups.id, [g.id, sub.id]))).toEqual([]);
    expect((await t.db.select().from(courses).where(inArray(courses.id, [c2, c3]))).length).toBe(2);
    expect((await call(owner, 'GET', `${S}/${g.id}`)).statusCode).toBe(404);
  });

  it('reorder: GET the children, PUT a new order of groups and courses; each child exactly once', async () => {
    const before = (await call(owner, 'GET', `/api/Sets/${top}/Reorder`)).json();
    expect(before.map((i: { id: number }) => i.id)).toEqual([c1, child]);
    const res = await call(owner, 'PUT', `/api/Sets/${top}/Reorder`, { orders: [{ id: child, type: 2 }, { id: c1, type: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((i: { id: number; type: number }) => [i.type, i.id])).toEqual([
      [2, child],
      [1, c1],
    ]);
    expect((await call(owner, 'GET', `/api/Instructors/Sets/${top}/list`)).json().map((i: { id: number }) => i.id)).toEqual([child, c1]);
    for (const orders of [[{ id: child, type: 2 }], [{ id: child, type: 2 }, { id: child, type: 2 }], [{ id: child, type: 2 }, { id: c2, type: 1 }], [{ id: child, type: 1 }, { id: c1, type: 1 }]]) {
      const bad = await call(owner, 'PUT', `/api/Sets/${top}/Reorder`, { orders });
      expect(bad.statusCode, JSON.stringify(orders)).toBe(400);
      expect(bad.json().errors.orders).toBe('Порядок должен перечислять каждый элемент группы ровно один раз');
    }
    expect((await call(owner, 'PUT', `/api/Sets/${top}/Reorder`, { orders: [] })).statusCode).toBe(400);
  });
});

describe('bulk by set (tasks)', () => {
  it('includes students in every course of the subtree as a task that reaches done', async () => {
    const res = await call(owner, 'POST', '/api/Instructors/Trainings/Students/Include/by-set', { setId: top, emails: 'student@sets.local, STUDENT2@sets.local' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ courses: 3, skippedCourses: 0, accounts: 2, taskId: expect.any(Number) });
    const done = await waitForTask(owner, answer.taskId);
    expect(done.status.id, JSON.stringify(done)).toBe('done');
    expect(done.progress).toBe(100);
    expect(done.summary).toMatchObject({ courses: 3, added: 6 });
    const rows = await t.db.select().from(enrolments).where(inArray(enrolments.courseId, [c1, c2, c3]));
    expect(rows.map((r) => `${r.courseId}:${r.accountId}:${r.status}`).sort()).toEqual(
      [c1, c2, c3].flatMap((c) => [`${c}:${student.accountId}:1`, `${c}:${student2.accountId}:1`]).sort(),
    );
    expect((await t.db.select().from(enrolmentLog).where(eq(enrolmentLog.accountId, student.accountId))).length).toBe(3);
    expect((await t.db.select().from(notifications).where(eq(notifications.accountId, student.accountId))).map((n) => n.type)).toEqual([2, 2, 2]);
    // the task is in the queue, filterable by its group
    const queue = (await call(owner, 'GET', `/api/instructors/queue/tasks?setId=${top}&type=10`)).json();
    expect(queue.result.map((r: { id: number }) => r.id)).toEqual([answer.taskId]);
    // again: nothing more to do, still done
    const again = (await call(owner, 'POST', '/api/Instructors/Trainings/Students/Include/by-set', { id: top, emails: ['student@sets.local'] })).json();
    expect((await waitForTask(owner, again.taskId)).summary).toMatchObject({ courses: 3 });
    expect((await t.db.select().from(enrolments).where(inArray(enrolments.courseId, [c1, c2, c3]))).length).toBe(6);
  });

  it('includes and removes instructors across the subtree, leaving courses the caller does not run alone', async () => {
    // Root may put another's course into the owner's group; the owner's tasks skip it
    await t.db.insert(courseGroupItems).values({ courseGroupId: child, courseId: othersCourse, sequence: 9 });
    const inc = await call(owner, 'POST', '/api/Instructors/Trainings/Instructors/Include/by-set', { setId: top, emails: 'co@sets.local', courseRole: 'tutor' });
    expect(inc.statusCode, inc.body).toBe(200);
    expect(inc.json()).toMatchObject({ courses: 3, skippedCourses: 1, accounts: 1 });
    expect((await waitForTask(owner, inc.json().taskId)).status.id).toBe('done');
    const staff = await t.db.select().from(courseInstructors).where(eq(courseInstructors.accountId, coTeacher.accountId));
    expect(staff.map((s) => `${s.courseId}:${s.courseRole}`).sort()).toEqual([`${c1}:tutor`, `${c2}:tutor`, `${c3}:instructor`].sort());
    const rem = await call(owner, 'POST', '/api/Instructors/Trainings/Instructors/Remove/by-set', { setId: child, emails: 'co@sets.local' });
    expect(rem.statusCode, rem.body).toBe(200);
    const removed = await waitForTask(owner, rem.json().taskId);
    expect(removed.status.id).toBe('done');
    expect(removed.summary).toMatchObject({ removed: 2 });
    const left = await t.db.select().from(courseInstructors).where(eq(courseInstructors.accountId, coTeacher.accountId));
    expect(left.map((s) => s.courseId)).toEqual([c1]);
    await t.db.delete(courseGroupItems).where(and(eq(courseGroupItems.courseGroupId, child), eq(courseGroupItems.courseId, othersCourse)));
  });

  it('rejects bad e-mail lists (400 field error) and unknown accounts (400 System.OperationFinishedWithErrors); queues nothing', async () => {
    const before = (await t.db.select().from(tasks)).length;
    const bad = await call(owner, 'POST', '/api/Instructors/Trainings/Students/Include/by-set', { setId: top, emails: 'student@sets.local; nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.emails).toBe('Введите корректные адреса электронной почты, разделенные запятой или пробелом');
    const unknown = await call(owner, 'POST', '/api/Instructors/Trainings/Students/Include/by-set', { setId: top, emails: 'ghost@sets.local student@sets.local' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ErrorCode).toBe('System.OperationFinishedWithErrors');
    expect(unknown.json().Description).toContain('ghost@sets.local');
    // a student is not an instructor
    const wrongRole = await call(owner, 'POST', '/api/Instructors/Trainings/Instructors/Include/by-set', { setId: top, emails: 'student@sets.local' });
    expect(wrongRole.json().ErrorCode).toBe('System.OperationFinishedWithErrors');
    const noSet = await call(owner, 'POST', '/api/Instructors/Trainings/Students/Include/by-set', { emails: 'student@sets.local' });
    expect(noSet.statusCode).toBe(400);
    expect(noSet.json().errors.setId).toBe('Обязательное поле');
    const empty = await createSet(owner, { label: 'Пустая' });
    const none = await call(owner, 'POST', '/api/Instructors/Trainings/Students/Include/by-set', { setId: empty.id, emails: 'student@sets.local' });
    expect(none.json().ErrorCode).toBe('System.OperationFinishedWithErrors');
    expect((await t.db.select().from(tasks)).length).toBe(before);
  });

  it('a queued by-set task can be stopped and then does nothing', async () => {
    // hold the worker: a task row and job written with a start delay
    const task = await t.app.jobs.enqueue({
      type: 10,
      createdBy: owner.accountId,
      payload: { setId: top, courseIds: [c1], accountIds: [student.accountId], emails: [] },
      startAfterSeconds: 3600,
    });
    const stop = await call(owner, 'DELETE', `/api/instructors/queue/task/${task.id}`);
    expect(stop.json().status.id).toBe('stopped');
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('stopped');
  });
});

describe('export', () => {
  it('downloads an Excel file of the courses in the subtree, formulas escaped', async () => {
    const res = await call(owner, 'GET', `/api/instructors/trainings/export/sets/${top}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 3)).toEqual(['Группа', 'ID курса', 'Курс']);
    const labels = rows.slice(1).map((r) => r[2]);
    expect(labels).toEqual(expect.arrayContaining(['Курс 1', "'=Курс 2", 'Курс 3']));
    const c1Row = rows.find((r) => r[1] === c1)!;
    expect(c1Row[0]).toBe('Направление');
    expect(c1Row[9]).toBe(2);
    expect(String(c1Row[10])).toContain('owner@sets.local');
    expect(rows.find((r) => r[1] === c3)![0]).toBe('Направление / Модуль');
    // a co-teacher exports only what they run
    const co = await call(coTeacher, 'GET', `/api/instructors/trainings/export/sets/${top}`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(co.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(2); // header + c1, where they stayed tutor after the bulk tests
  });
});
