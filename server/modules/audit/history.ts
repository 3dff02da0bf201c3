import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditPerson, AuditRow, HistoryPage, ProfileChangeRow, RoleChangeRow } from '../../../shared/calls/audit.js';
import type { Db } from '../../db/client.js';
import { accounts, attributeValueHistory, attributes, auditLog, courses, enrolments } from '../../db/schema/index.js';
import { fullName } from '../accounts/family.js';
import { likePattern } from '../courses/common.js';
import { rowsOf } from '../../db/rows.js';

/** Newest first, a page at a time; one row more than asked tells whether older ones follow. */
export interface Paging {
  from?: string;
  to?: string;
  take: number;
  skip: number;
}

/** The query's `from`/`to`: an instant, or a date (its UTC midnight). */
const instant = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);

function page<T>(rows: T[], take: number): HistoryPage<T> {
  return { result: rows.slice(0, take), hasMore: rows.length > take };
}

const actor = alias(accounts, 'actor');
const previous = alias(accounts, 'switched_from');

type Named = { id: number | null; email: string | null; firstName: string | null; lastName: string | null; middleName: string | null };
/** An account of a left join (all null when there is none) as a person. */
function person(row: Record<keyof Named, unknown> | null): AuditPerson | null {
  const a = row as Named | null;
  return a?.id == null ? null : { accountId: a.id, name: fullName({ firstName: a.firstName ?? '', lastName: a.lastName ?? '', middleName: a.middleName }), email: a.email ?? '' };
}
const named = <T extends Record<'id' | 'email' | 'firstName' | 'lastName' | 'middleName', AnyPgColumn>>(t: T) => ({
  id: t.id,
  email: t.email,
  firstName: t.firstName,
  lastName: t.lastName,
  middleName: t.middleName,
});

/** How many accounts a free-text actor or student filter may stand for. */
const MATCHING_ACCOUNTS = 50;

/** The accounts whose e-mail or name holds `text` (the `user` filters), at most MATCHING_ACCOUNTS. */
export async function accountsMatching(db: Db, text: string): Promise<number[]> {
  const p = likePattern(text);
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(ilike(accounts.email, p), ilike(sql`${accounts.lastName} || ' ' || ${accounts.firstName}`, p), ilike(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`, p)))
    .limit(MATCHING_ACCOUNTS);
  return rows.map((r) => r.id);
}

/** The account filters of a list: one account, and/or those whose name or e-mail holds the text; null when nobody matches. */
async function accountFilter(db: Db, column: Parameters<typeof eq>[0], accountId: number | undefined, user: string | undefined): Promise<SQL | undefined | null> {
  const parts: SQL[] = [];
  if (accountId !== undefined) parts.push(eq(column, accountId));
  if (user) {
    const ids = await accountsMatching(db, user);
    if (ids.length === 0) return null;
    parts.push(ids.length === 1 ? eq(column, ids[0]) : inArray(column, ids));
  }
  return parts.length ? and(...parts) : undefined;
}

// ------------------------------------------------------------------ the audit journal

export interface AuditFilter extends Paging {
  table?: string;
  accountId?: number;
  user?: string;
  role?: string;
  courseId?: number;
}

/**
 * The journal's page: each filter is one column beside `at`, served by its (column, at, id)
 * index, so the newest rows come first without reading the rest (tests/bench/audit.mjs).
 */
export async function auditPage(db: Db, f: AuditFilter): Promise<HistoryPage<AuditRow>> {
  const who = await accountFilter(db, auditLog.accountId, f.accountId, f.user);
  if (who === null) return { result: [], hasMore: false };
  const rows = await db
    .select({ a: auditLog, actor: named(actor), previous: named(previous), courseLabel: courses.label })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.accountId))
    .leftJoin(previous, eq(previous.id, auditLog.previousAccountId))
    .leftJoin(courses, eq(courses.id, auditLog.courseId))
    .where(
      and(
        f.table ? eq(auditLog.tableName, f.table) : undefined,
        who,
        f.role ? eq(auditLog.actorRole, f.role) : undefined,
        f.courseId ? eq(auditLog.courseId, f.courseId) : undefined,
        f.from ? gte(auditLog.at, instant(f.from)) : undefined,
        f.to ? lt(auditLog.at, instant(f.to)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(f.take + 1)
    .offset(f.skip);
  return page(
    rows.map((r) => ({
      id: r.a.id,
      at: r.a.at.toISOString(),
      actor: person(r.actor),
      switchedFrom: person(r.previous),
      actorRole: r.a.actorRole,
      action: r.a.action,
      call: r.a.callName,
      table: r.a.tableName,
      recordId: r.a.recordId,
      courseId: r.a.courseId,
      courseLabel: r.courseLabel,
      before: r.a.before,
      after: r.a.after,
      address: r.a.address,
    })),
    f.take,
  );
}

/**
 * The entities present in the journal: a loose index scan (each next name from the index), so
 * a million rows of a few dozen entities cost a few dozen index probes, not a scan.
 */
export async function auditTables(db: Db): Promise<string[]> {
  const res = await db.execute(sql`
    with recursive t(name) as (
      (select ${auditLog.tableName} from ${auditLog} order by 1 limit 1)
      union all
      select (select a.table_name from ${auditLog} a where a.table_name > t.name order by 1 limit 1) from t where t.name is not null
    )
    select name from t where name is not null`);
  return rowsOf<{ name: string }>(res).map((r) => r.name);
}

/** Role and flag changes seen at sign-in (action role-change), newest first. */
export async function roleChanges(db: Db, f: Paging & { accountId?: number; user?: string }): Promise<HistoryPage<RoleChangeRow>> {
  const who = await accountFilter(db, auditLog.accountId, f.accountId, f.user);
  if (who === null) return { result: [], hasMore: false };
  const rows = await db
    .select({ a: auditLog, account: named(actor) })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.accountId))
    .where(
      and(
        eq(auditLog.action, 'role-change'),
        who,
        f.from ? gte(auditLog.at, instant(f.from)) : undefined,
        f.to ? lt(auditLog.at, instant(f.to)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(f.take + 1)
    .offset(f.skip);
  const side = (v: Record<string, unknown> | null) => ({ role: typeof v?.role === 'string' ? v.role : null, flags: Array.isArray(v?.flags) ? (v.flags as string[]) : [] });
  return page(
    rows.map((r) => ({ id: r.a.id, at: r.a.at.toISOString(), account: person(r.account), before: side(r.a.before), after: side(r.a.after), address: r.a.address })),
    f.take,
  );
}

// ------------------------------------------------------------------ profile changes

export interface ProfileFilter extends Partial<Paging> {
  accountId?: number;
  user?: string;
  attributeId?: number;
  /** a course's students only: their profile's own values and this course's values */
  courseId?: number;
  /** a further condition on the student's account id (a tutor's students) */
  scope?: SQL;
}

const changer = alias(accounts, 'changed_by');

/**
 * Profile change history (attribute_value_history, written where profile values are saved):
 * one student's (their page's changes), a course's students' (/courses/{courseId}/changes) or
 * everyone's (history/profile/view), newest first.
 */
export async function profileChanges(db: Db, f: ProfileFilter): Promise<HistoryPage<ProfileChangeRow>> {
  const h = attributeValueHistory;
  const who = await accountFilter(db, h.accountId, f.accountId, f.user);
  if (who === null) return { result: [], hasMore: false };
  const take = f.take ?? 50;
  const rows = await db
    .select({ h, label: attributes.label, student: named(accounts), changer: named(changer) })
    .from(h)
    .innerJoin(accounts, eq(accounts.id, h.accountId))
    .leftJoin(attributes, eq(attributes.id, h.attributeId))
    .leftJoin(changer, eq(changer.id, h.changedBy))
    .where(
      and(
        who,
        f.courseId !== undefined
          ? and(
              sql`${h.accountId} in (select ${enrolments.accountId} from ${enrolments} where ${enrolments.courseId} = ${f.courseId})`,
              or(isNull(h.trainingId), eq(h.trainingId, f.courseId)),
            )
          : undefined,
        f.scope,
        f.attributeId !== undefined ? eq(h.attributeId, f.attributeId) : undefined,
        f.from ? gte(h.changedAt, instant(f.from)) : undefined,
        f.to ? lt(h.changedAt, instant(f.to)) : undefined,
      ),
    )
    .orderBy(desc(h.changedAt), desc(h.id))
    .limit(take + 1)
    .offset(f.skip ?? 0);
  return page(
    rows.map((r) => ({
      id: r.h.id,
      at: r.h.changedAt.toISOString(),
      student: person(r.student)!,
      attributeId: r.h.attributeId,
      field: r.label ?? r.h.field,
      courseId: r.h.trainingId,
      oldValue: r.h.oldValue,
      newValue: r.h.newValue,
      changedBy: person(r.changer),
    })),
    take,
  );
}
