import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import type { AchievementKind, TaskStatus, TaskType } from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { bigId, createdAt, id, tstz } from './_columns.js';
import { courses } from './courses.js';

/** An uploaded file. The bytes live in storage (disk or S3) under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    /** key in the storage backend (path under ./.data/files or S3 object key) */
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    mime: text('mime').notNull().default('application/octet-stream'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** what it is for: avatar, picture, attachment, chat, scorm, certificate, export, code ... */
    purpose: text('purpose'),
    ownerId: integer('owner_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/** Task queue (exports and other background jobs run by pg-boss; spec 3 §7.10). */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    /** TaskType code */
    type: integer('type').$type<TaskType>().notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('queued'),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** the request that started it (filters, ids) */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** 0..100 */
    progress: integer('progress').notNull().default(0),
    resultFileId: integer('result_file_id').references(() => files.id, { onDelete: 'set null' }),
    error: text('error'),
    /** pg-boss job id */
    jobId: text('job_id'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('tasks_created_by_idx').on(t.createdBy, t.createdAt),
    index('tasks_status_idx').on(t.status),
    index('tasks_course_idx').on(t.courseId),
  ],
);

/**
 * Audit journal: who changed which record, written by the route layer for every state-changing
 * call of the staff (server/http/audit.ts) and by sign-in for role changes; read newest first,
 * by any one filter (the indexes end in (at, id), the journal's order).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigId(),
    /** the actor */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** the account the actor's session was switched from (linked accounts), if it was */
    previousAccountId: integer('previous_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** the actor's role when acting (Instructors, Root; the account's new role for a role change) */
    actorRole: text('actor_role'),
    /** create | update | delete | action, or a named event (role-change, merge-profiles, account-switch …) */
    action: text('action').notNull(),
    /** the declared call (`courses.updateSettings`); null for an event outside a call (sign-in) */
    callName: text('call_name'),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    /** the course the call acted in (course-scoped calls) */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** the client's address (the proxy's X-Forwarded-For when TRUST_PROXY names it) */
    address: text('address'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_table_record_idx').on(t.tableName, t.recordId),
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_table_at_idx').on(t.tableName, t.at, t.id),
    index('audit_log_account_at_idx').on(t.accountId, t.at, t.id),
    index('audit_log_role_at_idx').on(t.actorRole, t.at, t.id),
    index('audit_log_course_at_idx').on(t.courseId, t.at, t.id),
    index('audit_log_role_change_idx').on(t.at, t.id).where(sql`${t.action} = 'role-change'`),
    index('audit_log_previous_account_idx').on(t.previousAccountId).where(sql`${t.previousAccountId} is not null`),
  ],
);

/** Achievements earned by an account (GET /api/Achievements). */
export const achievements = pgTable(
  'achievements',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AchievementKind>().notNull(),
    /** the course that earned it, if any */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    awardedAt: tstz('awarded_at').notNull().defaultNow(),
  },
  (t) => [unique('achievements_account_kind_uq').on(t.accountId, t.kind)],
);

/**
 * The first answer to a write sent with an `Idempotency-Key` (server/http/idempotency.ts): a
 * repeat of the key by the same account on the same call gets it again without the handler
 * running. `status` is null while the first request is still running. Kept 24 h (`expires_at`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 0: a guest's request */
    accountId: integer('account_id').notNull(),
    key: text('key').notNull(),
    /** the method and path, e.g. `POST /api/courses/5/exercises/7/finish` */
    request: text('request').notNull(),
    /** SHA-256 of the body: the same key with another body is refused */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key, t.request] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
