import { z } from 'zod';
import { attendanceCalls } from '../calls/attendance';
import { defineResource } from './define';
import { fromListAnswer } from './paging';

export const confirmedCodeRecord = z.object({
  id: z.number(),
  code: z.string(),
  exerciseId: z.number(),
  exerciseLabel: z.string(),
  lessonId: z.number(),
  studentId: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  confirmedAt: z.string(),
  confirmedBy: z.string().nullable(),
});

const T = 'app.attendance.confirm';

/** The digital-code journal of a course (/courses/{courseId}/visit-journal/digitalCode): codes confirmed, newest first. Read only. */
export const confirmedCodes = defineResource({
  name: 'confirmed-codes',
  schema: { record: confirmedCodeRecord, create: z.object({}) },
  rule: 'digitalCodeJournal',
  scope: ['courseId'],
  course: { read: 'attendance', write: 'attendance' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: attendanceCalls.confirmedCodes,
        request: ({ take, skip }) => ({ query: { take, skip } }),
        response: (json) => fromListAnswer(json),
      },
    },
  },
  ui: {
    label: `${T}.listTitle`,
    fields: {
      exerciseLabel: { kind: 'text', label: `${T}.exercise` },
      code: { kind: 'text', label: `${T}.code` },
      confirmedAt: { kind: 'dateTime', label: `${T}.confirmedAt` },
      confirmedBy: { kind: 'text', label: `${T}.confirmedBy` },
    },
    list: {
      columns: [{ source: 'exerciseLabel', sortable: false }, { source: 'code', sortable: false }, { source: 'confirmedAt', sortable: false }, { source: 'confirmedBy', sortable: false }],
      perPage: 20,
    },
  },
});
