import { z } from 'zod';
import { applicationCalls, applicationStatus } from '../calls/applications';
import { defineResource } from './define';
import { fromListAnswer } from './paging';
import { wholeList } from './wholeList';

const statusChoices = applicationStatus.options.map((s) => ({ id: s, name: `resources.applications-enrollment.status.${s}` }));
const status = (v: unknown) => (applicationStatus.safeParse(v).success ? (v as z.infer<typeof applicationStatus>) : undefined);

export const enrolmentApplicationRecord = z.object({
  id: z.number(),
  trainingId: z.number(),
  courseLabel: z.string(),
  email: z.string(),
  name: z.string(),
  status: applicationStatus,
  createdAt: z.string(),
});

export const expulsionApplicationRecord = z.object({
  id: z.number(),
  trainingId: z.number(),
  courseLabel: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  reason: z.string().nullable(),
  status: applicationStatus,
  file: z.object({ id: z.number(), name: z.string().nullable(), address: z.string() }).nullable(),
  createdAt: z.string(),
});

/** Applications are decided, not edited: no form. */
const noInput = z.object({});

/** Enrolment applications of the caller's courses (/applications-enrollment): pending ones unless another status is chosen. */
export const enrolmentApplicationResource = defineResource({
  name: 'applications-enrollment',
  schema: { record: enrolmentApplicationRecord, create: noInput },
  rule: 'enrollmentApplications',
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: applicationCalls.list,
        request: ({ filter, take, skip }) => ({ body: { status: status(filter.status), take, skip } }),
        response: fromListAnswer,
      },
    },
  },
  ui: {
    recordRepresentation: 'name',
    fields: { name: { kind: 'text' }, email: { kind: 'text' }, courseLabel: { kind: 'text' }, createdAt: { kind: 'date' }, status: { kind: 'select', choices: statusChoices } },
    list: {
      columns: [{ source: 'name' }, { source: 'email' }, { source: 'courseLabel' }, { source: 'createdAt' }],
      filters: [{ source: 'status', op: 'eq', field: 'status', alwaysOn: true }],
    },
  },
});

/** Expulsion applications of the caller's courses (/applications-expulsion). */
export const expulsionApplicationResource = defineResource({
  name: 'applications-expulsion',
  schema: { record: expulsionApplicationRecord, create: noInput },
  rule: 'staff',
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: applicationCalls.expulsions,
        request: ({ filter }) => ({ query: { status: status(filter.status) } }),
        response: wholeList,
      },
    },
  },
  ui: {
    recordRepresentation: 'name',
    fields: {
      name: { kind: 'text' },
      courseLabel: { kind: 'text' },
      reason: { kind: 'longText' },
      status: { kind: 'select', choices: statusChoices },
      createdAt: { kind: 'date' },
    },
    list: {
      columns: [{ source: 'name', sortable: true }, { source: 'courseLabel', sortable: true }, { source: 'reason' }, { source: 'status', sortable: true }, { source: 'createdAt', sortable: true }],
      filters: [{ source: 'status', op: 'eq', field: 'status', alwaysOn: true }],
      sort: { field: 'createdAt', order: 'DESC' },
    },
  },
});
