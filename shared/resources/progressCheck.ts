import { z } from 'zod';
import { journalCalls, type ProgressCheck, type ProgressCheckRow } from '../calls/journal';
import { defineResource } from './define';

/** One student's progress on the exercise; react-admin's `id` is the student's. */
export const progressCheckRecord = z.object({
  id: z.number(),
  studentId: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  groupLabel: z.string().nullable(),
  status: z.number(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  attempts: z.number(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  evaluation: z.enum(['draft', 'evaluated']).nullable(),
});

/** What the list answers besides its rows: the exercise (the page's title) and the counts per status. */
export type ProgressCheckMeta = Pick<ProgressCheck, 'exercise' | 'byStatus'>;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const id = (v: unknown) => (v === undefined || v === '' || v === null ? undefined : Number(v));

/**
 * /courses/{courseId}/students-journal/{exerciseId}/progress-check (spec 1 §2.9): every student's
 * progress on one exercise, paged on the server; a tutor's list holds their students. Read only.
 */
export const progressCheck = defineResource({
  name: 'progress-check',
  schema: { record: progressCheckRecord, create: z.object({}) },
  rule: 'showStudents',
  scope: ['courseId', 'exerciseId'],
  course: { read: 'journal', write: 'journal' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: journalCalls.progressCheck,
        request: ({ filter, take, skip }) => ({
          query: { groupId: id(filter.groupId), search: text(filter.search), status: filter.status === undefined || filter.status === '' ? undefined : [Number(filter.status)], take, skip },
        }),
        response: (json) => {
          const answer = json as ProgressCheck;
          if (!answer || !Array.isArray(answer.result)) throw new Error('Expected a progress check { exercise, byStatus, result, metadata }');
          const meta: ProgressCheckMeta = { exercise: answer.exercise, byStatus: answer.byStatus };
          return { data: answer.result.map((r: ProgressCheckRow) => ({ ...r, id: r.studentId })), total: answer.metadata.filteredRecords, meta };
        },
      },
    },
  },
  ui: {
    fields: {
      groupLabel: { kind: 'text', label: 'resources.studentsJournal.columns.group' },
      attempts: { kind: 'number', label: 'resources.studentsJournal.columns.attempts' },
    },
    list: {
      columns: [{ source: 'groupLabel', sortable: false }, { source: 'attempts', sortable: false }],
      filters: [
        { source: 'groupId', op: 'param', alwaysOn: true, label: 'resources.studentsJournal.filters.group' },
        { source: 'search', op: 'param', alwaysOn: true, label: 'resources.studentsJournal.filters.search' },
        { source: 'status', op: 'param', alwaysOn: true, label: 'resources.studentsJournal.filters.status' },
      ],
      perPage: 20,
    },
  },
});
