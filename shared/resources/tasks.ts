import { z } from 'zod';
import { taskCalls } from '../calls/tasks';
import type { TaskRecord } from '../tasks';
import { defineResource } from './define';
import { fromListAnswer } from './paging';

const idLabel = z.object({ id: z.union([z.number(), z.string()]), label: z.string() });

/** A background task (spec 3 §7.10); react-admin's `id` is the task's. */
export const taskRecord = z.object({
  id: z.number(),
  taskId: z.number(),
  type: idLabel,
  status: idLabel,
  progress: z.number(),
  courseId: z.number().nullable(),
  courseLabel: z.string().nullable(),
  setId: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/** A list filter value as the call's query: a list repeats its key (`type=3&type=16`). */
const values = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === '' ? undefined : [String(v)]);
const single = (v: unknown) => (v === undefined || v === '' ? undefined : Number(v));

/**
 * The task queue of a screen (/courses/…/task-queue): the screen fixes which tasks (type, course,
 * course group) as the List's permanent filter; the status is the one filter a user picks. Read
 * only here: stopping and retrying are the queue's own calls.
 */
export const tasks = defineResource({
  name: 'tasks',
  schema: { record: taskRecord, create: z.object({}) },
  rule: 'staff',
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: taskCalls.list,
        // the screen's filter first (the order the queue has always asked in), then the paging
        request: ({ filter, take, skip }) => ({
          query: { setId: single(filter.setId), courseId: single(filter.courseId), type: values(filter.type), status: values(filter.status), take, skip },
        }),
        response: (json) => fromListAnswer<TaskRecord>(json),
      },
    },
  },
  ui: {
    fields: {
      id: { kind: 'number', label: 'resources.tasks.fields.id' },
      createdAt: { kind: 'dateTime', label: 'resources.tasks.fields.createdAt' },
    },
    list: {
      columns: [{ source: 'id', sortable: false }, { source: 'createdAt', sortable: false }],
      // set by the screen (alwaysOn: never offered by the filter button), but for the status
      filters: [
        { source: 'type', op: 'param', alwaysOn: true },
        { source: 'courseId', op: 'param', alwaysOn: true },
        { source: 'setId', op: 'param', alwaysOn: true },
        { source: 'status', op: 'param', alwaysOn: true, label: 'resources.tasks.filters.status' },
      ],
      perPage: 20,
    },
  },
});
