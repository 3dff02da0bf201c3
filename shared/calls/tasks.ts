import type { ListAnswer } from '../account';
import type { TaskStatus, TaskType } from '../enums';
import { defineCalls, returns } from '../http/call';
import { taskListQuery, taskStopManyQuery, type IdLabel, type TaskRecord } from '../tasks';

/**
 * The task queue (spec 3 §7.10): background tasks for staff. Root sees every task, an
 * instructor their own and those of the courses they may see (checked by the server).
 */
const Q = '/api/instructors/queue';

export const taskCalls = defineCalls('task-queue', {
  /** never cached (spec 2 §9: task list cache 0 s) */
  list: { method: 'GET', path: `${Q}/tasks`, rule: 'staff', query: taskListQuery, response: returns<ListAnswer<TaskRecord>>() },
  stopMany: {
    method: 'DELETE',
    path: `${Q}/tasks`,
    rule: 'staff',
    query: taskStopManyQuery,
    response: returns<{ stopped: number; ids: number[] }>(),
    summary: 'Stops every visible active task the filters (and ids) match',
  },
  types: { method: 'GET', path: `${Q}/task/types`, rule: 'staff', response: returns<IdLabel<TaskType>[]>() },
  statuses: { method: 'GET', path: `${Q}/task/statuses`, rule: 'staff', response: returns<IdLabel<TaskStatus>[]>() },
  get: { method: 'GET', path: `${Q}/task/{taskId}`, rule: 'staff', response: returns<TaskRecord>() },
  stop: { method: 'DELETE', path: `${Q}/task/{taskId}`, rule: 'staff', response: returns<TaskRecord>() },
  /** not in the spec (docs/decisions/exports-and-tasks.md): a failed or stopped task runs again, on its author's rights */
  retry: {
    method: 'POST',
    path: `${Q}/task/{taskId}/retry`,
    rule: 'staff',
    response: returns<TaskRecord>(),
    summary: 'Runs a failed or stopped task again (its author or Root)',
  },
});
