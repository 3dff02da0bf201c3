import type { FastifyPluginAsync } from 'fastify';
import { taskCalls as calls } from '../../../shared/calls/tasks.js';
import { isActiveTaskStatus } from '../../../shared/tasks.js';
import { currentUser } from '../../auth/context.js';
import { conflict, forbidden, notFound, requestLang } from '../../errors.js';
import { registerFileAccessCheck } from '../../files/access.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { tasks } from '../../db/schema/index.js';
import './messages.js';
import { allStatuses, allTypes, filterWhere, getTask, isVisibleTaskResult, listTasks, statusLabel } from './service.js';

const taskNotFound = () => notFound('TaskNotFound', { title: 'tasks.notFound' });

/** The task queue calls of spec 3 §7.10 (rule 'staff'; visibility in service.ts). */
export const tasksModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  // a task's result file (an export) may be downloaded by its author (or Root) only
  registerFileAccessCheck('task-results', ({ db: d, user, file }) => (file.purpose === 'export' ? isVisibleTaskResult(d, user, file.id) : false));

  route(fastify, calls.list, async (request, reply) => {
    // the task list is never cached (spec 2 §9: task list cache 0 s)
    reply.header('cache-control', 'no-store');
    return listTasks(db, currentUser(request), requestLang(request), request.query);
  });

  route(fastify, calls.stopMany, async (request) => {
    const user = currentUser(request);
    const where = filterWhere(user, request.query);
    const candidates = await db.select({ id: tasks.id }).from(tasks).where(where);
    const stopped = await fastify.jobs.stopTasks(db, candidates.map((c) => c.id));
    return { stopped: stopped.length, ids: stopped.map((t) => t.id) };
  });

  route(fastify, calls.types, async (request) => allTypes(requestLang(request)));
  route(fastify, calls.statuses, async (request) => allStatuses(requestLang(request)));

  route(fastify, calls.get, async (request, reply) => {
    const id = parseIntId(request.params.taskId);
    const task = id === null ? null : await getTask(db, currentUser(request), requestLang(request), id);
    if (!task) throw taskNotFound();
    reply.header('cache-control', 'no-store');
    return task;
  });

  route(fastify, calls.stop, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const id = parseIntId(request.params.taskId);
    const task = id === null ? null : await getTask(db, user, lang, id);
    if (!task) throw taskNotFound();
    if (task.status.id === 'stopped') return task;
    if (!isActiveTaskStatus(task.status.id)) throw conflict('TaskNotActive', { title: 'tasks.notActive' });
    await fastify.jobs.stopTasks(db, [task.id]);
    return (await getTask(db, user, lang, task.id))!;
  });

  route(fastify, calls.retry, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const id = parseIntId(request.params.taskId);
    const task = id === null ? null : await getTask(db, user, lang, id);
    if (!task) throw taskNotFound();
    // it runs again on its author's rights: only the author (or Root) may start it again
    if (user.role !== 'Root' && task.createdBy?.id !== user.accountId) throw forbidden('Forbidden', { title: 'tasks.notAuthor' });
    const retried = await fastify.jobs.retryTask(task.id);
    if (!retried) throw conflict('TaskNotFinished', { title: 'tasks.notRetriable' });
    // the task as the retry left it: a worker may take it (running, even done) before a re-read
    return { ...task, status: statusLabel(lang, retried.status), progress: retried.progress, startedAt: null, finishedAt: null, error: null, summary: {}, refusedCourses: [], resultFile: null };
  });
};
