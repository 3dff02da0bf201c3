import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../../shared/resources/define.js';
import { taskListQuery, taskPaths as P, taskStopManyQuery, isActiveTaskStatus } from '../../../shared/tasks.js';
import { currentUser } from '../../auth/context.js';
import { conflict, notFound, requestLang } from '../../errors.js';
import { registerFileAccessCheck } from '../../files/access.js';
import { parseIntId } from '../../resources/records.js';
import { tasks } from '../../db/schema/index.js';
import './messages.js';
import { allStatuses, allTypes, filterWhere, getTask, isVisibleTaskResult, listTasks } from './service.js';

const taskNotFound = () => notFound('TaskNotFound', { title: 'tasks.notFound' });
const opts = <S extends Record<string, unknown>>(schema: S) => ({ config: { rule: 'staff' as const }, schema: { tags: ['task-queue'], ...schema } });
const taskParams = z.object({ taskId: z.string() });

/** The task queue calls of spec 3 §7.10 (rule 'staff'; visibility in service.ts). */
export const tasksModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;

  // a task's result file (an export) may be downloaded by whoever sees the task
  registerFileAccessCheck('task-results', ({ db: d, user, file }) => (file.purpose === 'export' ? isVisibleTaskResult(d, user, file.id) : false));

  app.get(routePath(P.tasks), opts({ querystring: taskListQuery }), async (request, reply) => {
    // the task list is never cached (spec 2 §9: task list cache 0 s)
    reply.header('cache-control', 'no-store');
    return listTasks(db, currentUser(request), requestLang(request), request.query);
  });

  app.delete(routePath(P.tasks), opts({ querystring: taskStopManyQuery }), async (request) => {
    const user = currentUser(request);
    const where = filterWhere(user, request.query);
    const candidates = await db.select({ id: tasks.id }).from(tasks).where(where);
    const stopped = await fastify.jobs.stopTasks(db, candidates.map((c) => c.id));
    return { stopped: stopped.length, ids: stopped.map((t) => t.id) };
  });

  app.get(routePath(P.types), opts({}), async (request) => allTypes(requestLang(request)));
  app.get(routePath(P.statuses), opts({}), async (request) => allStatuses(requestLang(request)));

  app.get(routePath(P.task), opts({ params: taskParams }), async (request, reply) => {
    const id = parseIntId(request.params.taskId);
    const task = id === null ? null : await getTask(db, currentUser(request), requestLang(request), id);
    if (!task) throw taskNotFound();
    reply.header('cache-control', 'no-store');
    return task;
  });

  app.delete(routePath(P.task), opts({ params: taskParams }), async (request) => {
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
};
