/**
 * The task queue (spec 3 §7.10 "Task queue"): background tasks such as bulk inclusion by
 * course group and exports. Query schemas and record shapes (the calls: shared/calls/tasks.ts)
 * shared by the server (server/modules/tasks, server/jobs) and the client (src/resources/tasks).
 * Plain data and zod only: no React, no Node.
 */
import { z } from 'zod';
import { choice } from './courses';
import { codesOf, TaskStatus, TaskType } from './enums';
import { messages as m } from './resources/define';

/** Statuses a task can still be stopped in. */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = [TaskStatus.queued, TaskStatus.running];
export const isActiveTaskStatus = (s: string) => (ACTIVE_TASK_STATUSES as readonly string[]).includes(s);

/** An id/label pair (types and statuses, spec 2 §3.3 "Task queue item"). */
export interface IdLabel<T extends string | number = string | number> {
  id: T;
  label: string;
}

export interface TaskRecord {
  /** react-admin's id; the same as taskId */
  id: number;
  taskId: number;
  type: IdLabel<TaskType>;
  status: IdLabel<TaskStatus>;
  /** 0..100 */
  progress: number;
  courseId: number | null;
  courseLabel: string | null;
  /** the course group a by-set task works on */
  setId: number | null;
  createdBy: { id: number; name: string; email: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** why it failed (failed tasks only) */
  error: string | null;
  /** what the task did, e.g. { courses: 3, accounts: 2, added: 5 } */
  summary: Record<string, number>;
  /** the courses of a course-group task that it did not change, and why (translated) */
  refusedCourses: { id: number; label: string; reason: string }[];
  /** the file an export produced */
  resultFile: { id: number; name: string; address: string } | null;
}

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(item).max(50, m.tooBig).optional());

const typeCode = z.coerce.number(m.type).int(m.type).refine((v) => (codesOf(TaskType) as number[]).includes(v), 'validation.invalid');
const statusCode = z.enum(codesOf(TaskStatus) as [TaskStatus, ...TaskStatus[]], choice);
const positiveId = z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig);

/** Filters of the list and of "stop many" (repeated or comma-separated values). */
export const taskFilterQuery = z.object({
  type: oneOrMany(typeCode),
  status: oneOrMany(statusCode),
  courseId: positiveId.optional(),
  setId: positiveId.optional(),
  /** only the caller's own tasks */
  mine: z.enum(['true', 'false', 'True', 'False']).optional(),
});
export type TaskFilter = z.infer<typeof taskFilterQuery>;

export const taskListQuery = taskFilterQuery.extend({
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100, m.tooBig).default(20),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig).default(0),
});

/** "Stop many": the list's filters plus explicit ids. */
export const taskStopManyQuery = taskFilterQuery.extend({ ids: oneOrMany(positiveId) });
