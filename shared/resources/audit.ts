import { z } from 'zod';
import { auditCalls, type HistoryPage } from '../calls/audit';
import { ROLES } from '../permissions';
import { defineResource, type ListRequest, type ListResult } from './define';

/** Changes are read here, never made: no form. */
const noInput = z.object({});

const person = z.object({ accountId: z.number(), name: z.string(), email: z.string() });

export const auditRecord = z.object({
  id: z.number(),
  at: z.string(),
  actor: person.nullable(),
  switchedFrom: person.nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  call: z.string().nullable(),
  table: z.string(),
  recordId: z.string().nullable(),
  courseId: z.number().nullable(),
  courseLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
});

export const profileChangeRecord = z.object({
  id: z.number(),
  at: z.string(),
  student: person,
  attributeId: z.number().nullable(),
  field: z.string().nullable(),
  courseId: z.number().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedBy: person.nullable(),
});

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const id = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

/**
 * A day of a date filter (`YYYY-MM-DD`, as the date input gives it) as the instant it begins in
 * the browser's time zone, `days` later: the list's `from` is the first day's start and its `to`
 * (exclusive) the day after the last, so "to 12 March" keeps the evening of 12 March.
 */
export function dayStart(v: unknown, days = 0): string | undefined {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).toISOString();
}

/** take/skip, and the dates of the list's filter. */
const paging = ({ filter, take, skip }: ListRequest) => ({ take, skip, from: dayStart(filter.from), to: dayStart(filter.to, 1) });

/**
 * A newest-first page with `hasMore` as react-admin's partial pagination (counting a million rows
 * per page costs more than the page); the last page knows the total, so the pager shows it.
 */
function historyPage<R>(json: unknown, req: ListRequest): ListResult<R> {
  const page = json as HistoryPage<R>;
  if (!page.hasMore) return { data: page.result, total: req.skip + page.result.length };
  return { data: page.result, pageInfo: { hasNextPage: true, hasPreviousPage: req.skip > 0 } };
}

const dateFilters = [
  { source: 'from', op: 'param', alwaysOn: true },
  { source: 'to', op: 'param', alwaysOn: true },
] as const;

export const AUDIT_ROLE_CHOICES = ROLES.filter((r) => r !== 'Guest').map((r) => ({ id: r, name: `resources.audit-journal.roles.${r}` }));

/** The audit journal (/courses/audit-journal; AdminPanelAccess): who changed what, newest first. */
export const auditJournal = defineResource({
  name: 'audit-journal',
  schema: { record: auditRecord, create: noInput },
  rule: 'adminPanel',
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: auditCalls.view,
        request: (req) => ({ query: { ...paging(req), table: text(req.filter.table), user: text(req.filter.user), role: text(req.filter.role) } }),
        response: historyPage,
      },
    },
  },
  ui: {
    fields: { at: { kind: 'dateTime' }, actor: { kind: 'text' }, action: { kind: 'text' }, table: { kind: 'text' }, actorRole: { kind: 'select', choices: AUDIT_ROLE_CHOICES } },
    list: {
      columns: [{ source: 'at', sortable: false }, { source: 'actor', sortable: false }, { source: 'action', sortable: false }, { source: 'table', sortable: false }],
      filters: [{ source: 'table', op: 'param', alwaysOn: true }, { source: 'user', op: 'param', alwaysOn: true }, { source: 'role', op: 'eq', field: 'actorRole', alwaysOn: true }, ...dateFilters],
      perPage: 50,
    },
  },
});

/** A course's students' profile changes (/courses/{courseId}/changes; the course's staff, a tutor their students). */
export const courseProfileChanges = defineResource({
  name: 'course-profile-changes',
  schema: { record: profileChangeRecord, create: noInput },
  rule: 'staff',
  scope: ['courseId'],
  course: { read: 'students', write: 'students' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: auditCalls.courseProfile,
        request: (req) => ({ query: { ...paging(req), user: text(req.filter.user), attributeId: id(req.filter.attributeId) } }),
        response: historyPage,
      },
    },
  },
  ui: {
    fields: { at: { kind: 'dateTime' }, student: { kind: 'text' }, field: { kind: 'text' }, newValue: { kind: 'text' }, changedBy: { kind: 'text' } },
    list: {
      columns: [{ source: 'at', sortable: false }, { source: 'student', sortable: false }, { source: 'field', sortable: false }, { source: 'newValue', sortable: false }, { source: 'changedBy', sortable: false }],
      filters: [{ source: 'user', op: 'param', alwaysOn: true }, { source: 'attributeId', op: 'param', alwaysOn: true }, ...dateFilters],
      perPage: 50,
    },
  },
});
