import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import type { QueuedTask } from './journal';

/**
 * The built-in targets of the CRM export: a file the CRM imports. An external CRM is an adapter
 * on the server (server/modules/crmExport/adapters.ts) with a name of its own added here.
 */
export const CRM_TARGETS = ['xlsx', 'csv'] as const;
export type CrmTarget = (typeof CRM_TARGETS)[number];

export const crmExportInput = z.preprocess(
  (v) => v ?? {},
  z.object({
    target: z.enum(CRM_TARGETS, { error: 'validation.invalid' }).default('xlsx'),
    groupId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  }),
);
export type CrmExportInput = z.input<typeof crmExportInput>;

/**
 * The export of a course's students to a CRM (spec 1 §2.9 /courses/{courseId}/export-to-crm/task-queue;
 * spec 2 §4 task type 1 "CRM integration"; the spec names no call, so the path is ELP's, in the
 * spec's style). Queues the task; its progress and file are the task queue's.
 */
export const crmExportCalls = defineCalls('crmExport', {
  start: {
    method: 'POST',
    path: '/api/instructors/trainings/{courseId}/export-to-crm',
    rule: 'showStudents',
    course: { action: 'students' },
    body: crmExportInput,
    response: returns<QueuedTask>(),
    summary: "Queues the export of the course's students to the CRM (task type 1)",
  },
});
