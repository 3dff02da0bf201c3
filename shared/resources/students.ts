import { z } from 'zod';
import { studentCalls, studentListBody } from '../calls/students';
import { defineResource } from './define';
import { fromListAnswer } from './paging';
import { wholeList } from './wholeList';

export const studentRecord = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  groupId: z.number().nullable(),
  groupLabel: z.string().nullable(),
  progress: z.number(),
});

export const expelledStudentRecord = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  kickReason: z.string().nullable(),
  kickedAt: z.string().nullable(),
});

/** Students are added by e-mail lists (not a form): no create. */
const noInput = z.object({});

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const id = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

/** Students studying in a course (/courses/{courseId}/student-management; spec 3 §7.9 "Students"). */
export const studentResource = defineResource({
  name: 'course-students',
  schema: { record: studentRecord, create: noInput },
  rule: 'showStudents',
  scope: ['courseId'],
  course: { read: 'students', write: 'manageStudents' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: studentCalls.list,
        // search, group and one profile attribute (its id and value) go in the body, as the call takes them
        request: ({ filter, take, skip }): { body: z.input<typeof studentListBody> } => {
          const attributeId = id(filter.attributeId);
          const value = text(filter.attributeValue);
          return {
            body: { search: text(filter.search), groupId: id(filter.groupId), filter: attributeId !== undefined && value !== undefined ? [{ attributeId, value }] : undefined, take, skip },
          };
        },
        response: fromListAnswer,
      },
    },
  },
  ui: {
    recordRepresentation: 'name',
    fields: { name: { kind: 'text' }, email: { kind: 'text' }, groupId: { kind: 'select' }, groupLabel: { kind: 'text' }, progress: { kind: 'number' } },
    list: {
      columns: [{ source: 'name' }, { source: 'email' }, { source: 'groupLabel' }, { source: 'progress' }],
      filters: [
        { source: 'search', op: 'search', fields: ['name', 'email'], alwaysOn: true },
        { source: 'groupId', op: 'eq', field: 'groupId', alwaysOn: true },
        { source: 'attributeId', op: 'param', alwaysOn: true },
        { source: 'attributeValue', op: 'param', alwaysOn: true },
      ],
    },
  },
});

/** Students who left a course (expelled or dropped), with the reason. */
export const expelledStudentResource = defineResource({
  name: 'course-expelled-students',
  schema: { record: expelledStudentRecord, create: noInput },
  rule: 'showStudents',
  scope: ['courseId'],
  course: { read: 'students', write: 'manageStudents' },
  api: { conventions: 'calls', operations: { getList: { call: studentCalls.expelled, request: () => ({}), response: wholeList } } },
  ui: {
    recordRepresentation: 'name',
    fields: { name: { kind: 'text' }, email: { kind: 'text' }, kickReason: { kind: 'text' }, kickedAt: { kind: 'date' } },
    list: { columns: [{ source: 'name', sortable: true }, { source: 'email', sortable: true }, { source: 'kickReason' }, { source: 'kickedAt', sortable: true }], sort: { field: 'kickedAt', order: 'DESC' } },
  },
});
