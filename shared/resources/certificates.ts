import { z } from 'zod';
import { certificateCalls } from '../calls/certificates';
import { defineResource, messages as m } from './define';
import { wholeList } from './wholeList';

export const certificateRecord = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  studentEmail: z.string(),
  title: z.string(),
  date: z.string(),
  file: z.object({ id: z.number(), name: z.string().nullable(), address: z.string() }).nullable(),
  generated: z.boolean(),
  hours: z.number().nullable(),
  verificationUrl: z.string().nullable(),
  revoked: z.boolean(),
});

/** What the issue form checks before the upload (the server checks it again, with the file). */
export const certificateForm = z.object({
  title: z.string(m.type).trim().min(1, m.required).max(300, m.tooLong),
  date: z.string(m.type).min(1, m.required).max(40, m.tooLong),
});

/** What the template form checks (issue 30 item 5): the server makes the PDF from these. */
export const certificateTemplateForm = certificateForm.extend({
  hours: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(10_000, m.tooBig),
  language: z.enum(['ru', 'en']),
});

/** Certificates of a course (/courses/{courseId}/certificates; API "Credential"). Issuing uploads a PDF: a screen of its own. */
export const certificateResource = defineResource({
  name: 'certificates',
  schema: { record: certificateRecord, create: certificateForm },
  rule: 'staff',
  scope: ['courseId'],
  course: { read: 'students', write: 'certificates' },
  api: {
    conventions: 'calls',
    operations: {
      getList: { call: certificateCalls.list, request: () => ({}), response: wholeList },
      getOne: { call: certificateCalls.view },
      delete: { call: certificateCalls.remove, response: () => undefined },
    },
  },
  ui: {
    recordRepresentation: 'title',
    fields: { studentName: { kind: 'text' }, title: { kind: 'text' }, date: { kind: 'date' } },
    list: { columns: [{ source: 'studentName', sortable: true }, { source: 'title', sortable: true }, { source: 'date', sortable: true }], sort: { field: 'id', order: 'DESC' } },
  },
});
