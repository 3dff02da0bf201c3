import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, files, tasks } from '../../server/db/schema/index.js';
import { storeFile } from '../../server/files/index.js';
import { TaskType } from '../../shared/enums.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** The task queue (spec 3 §7.10) and the background-task runner on pg-boss (server/jobs). */
const t = await createTestApp();
const { call, seedProgram, createCourse, waitForTask } = courseHelpers(t);

let owner: SignedIn;
let colleague: SignedIn;
let stranger: SignedIn;
let student: SignedIn;
let root: SignedIn;
let courseId: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Test handlers on task types nothing else in this app handles. */
let slowItems = 0;
let releaseSlow: () => void = () => {};
beforeAll(async () => {
  owner = await t.signIn('Instructors');
  colleague = await t.signIn('Instructors', { flags: [] });
  stranger = await t.signIn('Instructors');
  student = await t.signIn('Students');
  root = await t.signIn('Root');
  const { program } = await seedProgram('Программа задач');
  courseId = (await createCourse(owner, program.id)).id;
  await t.db.insert(courseInstructors).values({ courseId, accountId: colleague.accountId, courseRole: 'tutor' });

  // a long task: 50 items, each waits until released, checkpoint between items
  t.app.jobs.handle(TaskType.queueClearing, async (ctx) => {
    for (let i = 0; i < 50; i++) {
      await ctx.checkpoint(i, 50);
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
        setTimeout(resolve, 200);
      });
      slowItems++;
      ctx.count({ items: 1 });
    }
  });
  t.app.jobs.handle(TaskType.dictionaryCopy, async () => {
    throw new Error('the dictionary is gone');
  });
  t.app.jobs.handle(TaskType.certificatesToAccounting, async (ctx) => {
    const file = await storeFile(ctx.db, ctx.storage!, { name: 'progress.xlsx', purpose: 'export', ownerId: ctx.task.createdBy }, Buffer.from('xlsx bytes'));
    await ctx.checkpoint(1, 1);
    return { resultFileId: file.id };
  });
});

const Q = '/api/instructors/queue';

describe('access', () => {
  it('every call needs a session (401) and a staff role (403 for students)', async () => {
    const [task] = await t.db.insert(tasks).values({ type: TaskType.visitsExport, createdBy: owner.accountId }).returning();
    const calls = [
      ['GET', `${Q}/tasks`],
      ['DELETE', `${Q}/tasks`],
      ['GET', `${Q}/task/${task.id}`],
      ['DELETE', `${Q}/task/${task.id}`],
      ['GET', `${Q}/task/types`],
      ['GET', `${Q}/task/statuses`],
    ];
    for (const [method, url] of calls) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(student, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('queued');
  });

  it("an instructor sees their own tasks and their courses' tasks; others get 404; Root sees all", async () => {
    const [own] = await t.db.insert(tasks).values({ type: TaskType.visitsExport, createdBy: stranger.accountId }).returning();
    const [ofCourse] = await t.db.insert(tasks).values({ type: TaskType.visitsExport, createdBy: root.accountId, courseId }).returning();
    expect((await call(stranger, 'GET', `${Q}/task/${own.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `${Q}/task/${own.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${Q}/task/${own.id}`)).statusCode).toBe(404);
    // a tutor of the course (course_instructors, any role) sees the course's tasks
    expect((await call(colleague, 'GET', `${Q}/task/${ofCourse.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `${Q}/task/${ofCourse.id}`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `${Q}/task/${ofCourse.id}`)).statusCode).toBe(404);
    expect((await call(root, 'GET', `${Q}/task/${own.id}`)).statusCode).toBe(200);
    const list = (await call(stranger, 'GET', `${Q}/tasks?take=100`)).json();
    expect(list.result.map((r: { id: number }) => r.id)).toContain(own.id);
    expect(list.result.map((r: { id: number }) => r.id)).not.toContain(ofCourse.id);
    // stop-many never reaches another's task
    const stop = await call(stranger, 'DELETE', `${Q}/tasks?ids=${ofCourse.id}`);
    expect(stop.json()).toMatchObject({ stopped: 0 });
    expect((await t.db.select().from(tasks).where(eq(tasks.id, ofCourse.id)))[0].status).toBe('queued');
    expect((await call(owner, 'GET', `${Q}/task/abc`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `${Q}/task/999999`)).statusCode).toBe(404);
  });
});

describe('types and statuses', () => {
  it('answer id/label pairs, translated', async () => {
    const types = (await call(owner, 'GET', `${Q}/task/types`)).json();
    // the spec's 21 and ELP's answers and questions exports
    expect(types).toHaveLength(23);
    expect(types.find((x: { id: number }) => x.id === TaskType.includeStudents)).toEqual({ id: 10, label: 'Добавление студентов' });
    const en = (await call(owner, 'GET', `${Q}/task/types`, undefined, { 'accept-language': 'en' })).json();
    expect(en.find((x: { id: number }) => x.id === 10).label).toBe('Including students');
    const statuses = (await call(owner, 'GET', `${Q}/task/statuses`)).json();
    expect(statuses.map((s: { id: string }) => s.id)).toEqual(['queued', 'running', 'done', 'failed', 'stopped']);
    expect(statuses[0].label).toBe('В очереди');
  });
});

describe('list', () => {
  it('filters by type, status, course and set, pages, and is never cached', async () => {
    await t.db.insert(tasks).values([
      { type: TaskType.groupLogExport, createdBy: owner.accountId, courseId, status: 'done' },
      { type: TaskType.groupLogExport, createdBy: owner.accountId, courseId, status: 'failed', error: 'x' },
      { type: TaskType.includeStudents, createdBy: owner.accountId, params: { setId: 77 } },
    ]);
    const res = await call(owner, 'GET', `${Q}/tasks?type=${TaskType.groupLogExport}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.metadata.filteredRecords).toBe(2);
    expect(body.result[0]).toMatchObject({ type: { id: 21, label: 'Выгрузка журнала групп' }, courseId, courseLabel: 'Программа задач' });
    expect(body.result[0].createdBy).toMatchObject({ id: owner.accountId });
    const failed = (await call(owner, 'GET', `${Q}/tasks?type=21&status=failed`)).json();
    expect(failed.result).toHaveLength(1);
    expect(failed.result[0]).toMatchObject({ status: { id: 'failed', label: 'Ошибка' }, error: 'x' });
    const several = (await call(owner, 'GET', `${Q}/tasks?status=done&status=failed&courseId=${courseId}`)).json();
    expect(several.metadata.filteredRecords).toBe(2);
    const bySet = (await call(owner, 'GET', `${Q}/tasks?setId=77`)).json();
    expect(bySet.result).toHaveLength(1);
    expect(bySet.result[0].setId).toBe(77);
    const page = (await call(owner, 'GET', `${Q}/tasks?take=1&skip=1&type=21`)).json();
    expect(page.result).toHaveLength(1);
    expect(page.metadata.filteredRecords).toBe(2);
  });

  it('rejects bad filters with field errors', async () => {
    for (const q of ['type=99', 'status=sleeping', 'take=0', 'courseId=x']) {
      const res = await call(owner, 'GET', `${Q}/tasks?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().ErrorCode).toBe('ValidationError');
    }
  });
});

describe('runner', () => {
  it('runs a task to done with its result file, which only its author (or Root) may download', async () => {
    const task = await t.app.jobs.enqueue({ type: TaskType.certificatesToAccounting, courseId, createdBy: root.accountId });
    const done = await waitForTask(owner, task.id);
    expect(done.status.id).toBe('done');
    expect(done.progress).toBe(100);
    const record = (await call(root, 'GET', `${Q}/task/${task.id}`)).json();
    expect(record.resultFile).toMatchObject({ name: 'progress.xlsx' });
    expect(record.startedAt).not.toBeNull();
    expect(record.finishedAt).not.toBeNull();
    const file = await call(root, 'GET', record.resultFile.address);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('xlsx bytes');
    // the course's instructor sees the task, but the export is its author's
    expect((await call(owner, 'GET', `${Q}/task/${task.id}`)).json().resultFile).toBeNull();
    expect((await call(owner, 'GET', record.resultFile.address)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', record.resultFile.address)).statusCode).toBe(404);
    const [row] = await t.db.select().from(files).where(eq(files.id, record.resultFile.id));
    expect(row.purpose).toBe('export');
  });

  it('records a failure on the task', async () => {
    const task = await t.app.jobs.enqueue({ type: TaskType.dictionaryCopy, createdBy: owner.accountId });
    const failed = await waitForTask(owner, task.id);
    expect(failed.status.id).toBe('failed');
    expect(failed.error).toBe('the dictionary is gone');
  });

  it('writes no task when the transaction that enqueued it rolls back', async () => {
    await t.app.jobs.ready();
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.jobs.enqueueTask(tx, { type: TaskType.inspectors, createdBy: owner.accountId, payload: { marker: 'rolled-back' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await t.db.select().from(tasks).where(eq(tasks.type, TaskType.inspectors));
    expect(rows).toHaveLength(0);
  });
});

describe('stop', () => {
  it('stops a queued task: it becomes stopped and never runs', async () => {
    const task = await t.app.jobs.enqueue({ type: TaskType.queueClearing, createdBy: owner.accountId, startAfterSeconds: 3600 });
    const before = (await call(owner, 'GET', `${Q}/task/${task.id}`)).json();
    expect(before.status.id).toBe('queued');
    const res = await call(owner, 'DELETE', `${Q}/task/${task.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: task.id, status: { id: 'stopped', label: 'Остановлена' } });
    // stopping again is harmless
    expect((await call(owner, 'DELETE', `${Q}/task/${task.id}`)).json().status.id).toBe('stopped');
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('stopped');
    expect(row.startedAt).toBeNull();
  });

  it('stops a running task between items (the worker honours it at its next checkpoint)', async () => {
    slowItems = 0;
    const task = await t.app.jobs.enqueue({ type: TaskType.queueClearing, courseId, createdBy: owner.accountId });
    const until = Date.now() + 15_000;
    while (slowItems < 2 && Date.now() < until) await sleep(50);
    expect((await call(owner, 'GET', `${Q}/task/${task.id}`)).json().status.id).toBe('running');
    const res = await call(colleague, 'DELETE', `${Q}/task/${task.id}`);
    expect(res.json().status.id).toBe('stopped');
    const at = slowItems;
    releaseSlow();
    await sleep(800);
    expect(slowItems).toBeLessThanOrEqual(at + 1);
    expect(slowItems).toBeLessThan(50);
    const row = (await call(owner, 'GET', `${Q}/task/${task.id}`)).json();
    expect(row.status.id).toBe('stopped');
    expect(row.progress).toBeGreaterThan(0);
    expect(row.progress).toBeLessThan(100);
  });

  it('a task retried while its stopped run is still between items runs once: the old run ends at its next checkpoint', async () => {
    slowItems = 0;
    const task = await t.app.jobs.enqueue({ type: TaskType.queueClearing, courseId, createdBy: owner.accountId });
    const until = Date.now() + 15_000;
    while (slowItems < 2 && Date.now() < until) await sleep(50);
    expect((await call(owner, 'DELETE', `${Q}/task/${task.id}`)).json().status.id).toBe('stopped');
    const at = slowItems;
    // at once, while the old run still waits inside its item
    const retried = await call(owner, 'POST', `${Q}/task/${task.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: { id: 'queued' }, progress: 0, summary: {} });
    const done = await waitForTask(owner, task.id, 40_000);
    expect(done.status.id).toBe('done');
    expect(done.summary).toEqual({ items: 50 });
    // the old run did at most the item it was in; the new one all 50 (not the old run's rest on top)
    expect(slowItems).toBeLessThanOrEqual(at + 1 + 50);
  }, 60_000);

  it('stop-many stops the matching active tasks only; a finished task cannot be stopped (409)', async () => {
    const a = await t.app.jobs.enqueue({ type: TaskType.queueClearing, createdBy: stranger.accountId, startAfterSeconds: 3600 });
    const b = await t.app.jobs.enqueue({ type: TaskType.queueClearing, createdBy: stranger.accountId, startAfterSeconds: 3600 });
    const [done] = await t.db.insert(tasks).values({ type: TaskType.queueClearing, createdBy: stranger.accountId, status: 'done' }).returning();
    const res = await call(stranger, 'DELETE', `${Q}/tasks?type=${TaskType.queueClearing}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().stopped).toBe(2);
    expect(res.json().ids.sort()).toEqual([a.id, b.id].sort());
    expect((await t.db.select().from(tasks).where(eq(tasks.id, done.id)))[0].status).toBe('done');
    const conflict = await call(stranger, 'DELETE', `${Q}/task/${done.id}`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().ErrorCode).toBe('TaskNotActive');
  });
});
