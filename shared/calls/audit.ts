import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';
import { ROLES } from '../permissions';

/**
 * Audit and history (spec 3 §7.9 "Audit"): the audit journal of the staff's changes, the role and
 * flag changes seen at sign-in, and the profile change history (platform-wide for AdminPanelAccess;
 * a course's students' for the course's staff). The spec names the paths only; the fields are
 * ELP's (docs/decisions/audit.md). Lists are newest first, paged by take/skip with `hasMore`
 * instead of a total: counting a million rows per page costs more than the page.
 */

/** A person in the journal: the account, its name and e-mail. */
export interface AuditPerson {
  accountId: number;
  name: string;
  email: string;
}

/** One row of the audit journal. */
export interface AuditRow {
  id: number;
  at: string;
  /** who acted (null: the account was deleted) */
  actor: AuditPerson | null;
  /** the account the actor's session was switched from ("as X"), if it was */
  switchedFrom: AuditPerson | null;
  actorRole: string | null;
  /** create, update, delete, action, or a named event (role-change, merge-profiles, account-switch …) */
  action: string;
  /** the declared call (`courses.updateSettings`), null for an event outside a call */
  call: string | null;
  /** the entity: a table or a call's area */
  table: string;
  recordId: string | null;
  courseId: number | null;
  courseLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
}

/** A role or flag change seen at sign-in. */
export interface RoleChangeRow {
  id: number;
  at: string;
  account: AuditPerson | null;
  before: { role: string | null; flags: string[] };
  after: { role: string | null; flags: string[] };
  address: string | null;
}

/** One change of a student's profile (a profile attribute or a field of the account). */
export interface ProfileChangeRow {
  id: number;
  at: string;
  student: AuditPerson;
  attributeId: number | null;
  /** the attribute's label, else the account field's name */
  field: string | null;
  /** the course a per-course value belongs to (null: the profile's own value) */
  courseId: number | null;
  oldValue: string | null;
  newValue: string | null;
  changedBy: AuditPerson | null;
}

/** A page of a newest-first list: whether older rows follow. */
export interface HistoryPage<T> {
  result: T[];
  hasMore: boolean;
}

/** The entities present in the journal (their labels are the client's: `resources.audit-journal.tables.*`). */
export type AuditTables = string[];

const instant = z.union([z.iso.datetime({ offset: true, error: 'validation.invalid' }), z.iso.date({ error: 'validation.invalid' })]);
const id = z.coerce.number(m.type).int(m.type).positive(m.tooSmall);

/** Newest first, take ≤ 100 a page; `from` (inclusive) and `to` (exclusive) are instants or UTC dates. */
export const historyPaging = z.object({
  from: instant.optional(),
  to: instant.optional(),
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100, m.tooBig).default(50),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(100_000, m.tooBig).default(0),
});

export const auditViewQuery = historyPaging.extend({
  table: z.string().trim().min(1, m.tooShort).max(100, m.tooLong).optional(),
  /** the actor by account */
  accountId: id.optional(),
  /** the actor by e-mail or name (a part of either) */
  user: z.string().trim().min(1, m.tooShort).max(200, m.tooLong).optional(),
  role: z.enum(ROLES, { error: 'validation.invalid' }).optional(),
  courseId: id.optional(),
});
export type AuditViewQuery = z.input<typeof auditViewQuery>;

export const roleChangesQuery = historyPaging.extend({
  accountId: id.optional(),
  user: z.string().trim().min(1, m.tooShort).max(200, m.tooLong).optional(),
});

/** A course's students' changes: by student (account or a part of the name or e-mail), by attribute. */
export const courseProfileQuery = historyPaging.extend({
  accountId: id.optional(),
  user: z.string().trim().min(1, m.tooShort).max(200, m.tooLong).optional(),
  attributeId: id.optional(),
});

export const profileViewQuery = courseProfileQuery.extend({ courseId: id.optional() });

const H = '/api/instructors/history';

export const auditCalls = defineCalls('audit', {
  tables: { method: 'GET', path: `${H}/audit/tables`, rule: 'adminPanel', response: returns<AuditTables>(), summary: 'The entities present in the audit journal' },
  view: {
    method: 'GET',
    path: `${H}/audit/view`,
    rule: 'adminPanel',
    query: auditViewQuery,
    response: returns<HistoryPage<AuditRow>>(),
    summary: 'The audit journal, newest first (table, actor, role, course, dates)',
  },
  userRoles: {
    method: 'GET',
    path: `${H}/audit/user-roles`,
    rule: 'adminPanel',
    query: roleChangesQuery,
    response: returns<HistoryPage<RoleChangeRow>>(),
    summary: 'Role and permission flag changes seen at sign-in, newest first',
  },
  profileView: {
    method: 'GET',
    path: `${H}/profile/view`,
    rule: 'adminPanel',
    query: profileViewQuery,
    response: returns<HistoryPage<ProfileChangeRow>>(),
    summary: 'Profile change history of every student (account, course, attribute, dates)',
  },
  // ELP's own: /courses/{courseId}/changes for the course's staff (a tutor sees their students')
  courseProfile: {
    method: 'GET',
    path: '/api/instructors/trainings/{courseId}/history/profile',
    rule: 'staff',
    course: { action: 'students' },
    query: courseProfileQuery,
    response: returns<HistoryPage<ProfileChangeRow>>(),
    summary: 'Profile change history of a course’s students',
  },
});
