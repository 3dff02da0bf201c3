import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { codesOf, TaskStatus, TaskType } from '../../../shared/enums.js';
import type { IdLabel, TaskFilter, TaskRecord } from '../../../shared/tasks.js';
import { fileAddress } from '../../../shared/files.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, courses, files, tasks } from '../../db/schema/index.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { myCourseIds } from '../courses/access.js';

/**
 * Who sees which task: Root every task; an instructor the tasks they started and the tasks
 * of the courses they may see (courses/access.ts).
 */
export function visibleTasksWhere(user: AuthUser): SQL | undefined {
  if (user.role === 'Root') return undefined;
  return or(eq(tasks.createdBy, user.accountId), sql`${tasks.courseId} in ${myCourseIds(user)}`);
}

export function filterWhere(user: AuthUser, f: TaskFilter & { ids?: number[] }): SQL | undefined {
  const mine = f.mine?.toLowerCase() === 'true';
  return and(
    visibleTasksWhere(user),
    f.type?.length ? inArray(tasks.type, f.type as TaskType[]) : undefined,
    f.status?.length ? inArray(tasks.status, f.status) : undefined,
    f.courseId ? eq(tasks.courseId, f.courseId) : undefined,
    f.setId ? sql`(${tasks.params}->>'setId')::int = ${f.setId}` : undefined,
    mine ? eq(tasks.createdBy, user.accountId) : undefined,
    f.ids?.length ? inArray(tasks.id, f.ids) : undefined,
  );
}

export const typeLabel = (lang: Lang, type: number): IdLabel<TaskType> => ({ id: type as TaskType, label: translate(lang, `tasks.type.${type}`) });
export const statusLabel = (lang: Lang, status: string): IdLabel<TaskStatus> => ({
  id: status as TaskStatus,
  label: translate(lang, `tasks.status.${status}`),
});

export const allTypes = (lang: Lang) => codesOf(TaskType).map((t) => typeLabel(lang, t));
export const allStatuses = (lang: Lang) => codesOf(TaskStatus).map((s) => statusLabel(lang, s));

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function selection() {
  return {
    t: tasks,
    courseLabel: courses.label,
    authorFirst: accounts.firstName,
    authorLast: accounts.lastName,
    authorEmail: accounts.email,
    fileName: files.name,
  };
}

type Joined = { t: typeof tasks.$inferSelect; courseLabel: string | null; authorFirst: string | null; authorLast: string | null; authorEmail: string | null; fileName: string | null };

/** The refused courses a course-group task recorded (server/modules/courses/setTasks.ts), their reasons in the reader's language. */
function refusedCoursesOf(lang: Lang, details: unknown): TaskRecord['refusedCourses'] {
  const list = (details as { refused?: unknown } | undefined)?.refused;
  if (!Array.isArray(list)) return [];
  return list.map((c: { id: number; label: string; reason: string }) => ({ id: c.id, label: c.label, reason: translate(lang, c.reason) }));
}

/**
 * A task's result file (an export) is its author's, or Root's: it holds what its author may see
 * (a journal of every student, say), while another member of the course who sees the task in the
 * queue may lack the flag or panel permission that data needs.
 */
const ownsResult = (user: AuthUser, createdBy: number | null) => user.role === 'Root' || createdBy === user.accountId;

function toRecord(user: AuthUser, lang: Lang, r: Joined): TaskRecord {
  const t = r.t;
  const params = t.params ?? {};
  const summary = (params.summary ?? {}) as Record<string, number>;
  const setId = typeof params.setId === 'number' ? params.setId : null;
  return {
    id: t.id,
    taskId: t.id,
    type: typeLabel(lang, t.type),
    status: statusLabel(lang, t.status),
    progress: t.progress,
    courseId: t.courseId,
    courseLabel: r.courseLabel,
    setId,
    createdBy:
      t.createdBy !== null
        ? { id: t.createdBy, name: `${r.authorLast ?? ''} ${r.authorFirst ?? ''}`.trim(), email: r.authorEmail ?? '' }
        : null,
    createdAt: t.createdAt.toISOString(),
    startedAt: iso(t.startedAt),
    finishedAt: iso(t.finishedAt),
    error: t.status === 'failed' ? t.error : null,
    summary,
    refusedCourses: refusedCoursesOf(lang, params.details),
    resultFile: t.resultFileId !== null && r.fileName !== null && ownsResult(user, t.createdBy) ? { id: t.resultFileId, name: r.fileName, address: fileAddress(t.resultFileId) } : null,
  };
}

function joined(db: Db) {
  return db
    .select(selection())
    .from(tasks)
    .leftJoin(courses, eq(courses.id, tasks.courseId))
    .leftJoin(accounts, eq(accounts.id, tasks.createdBy))
    .leftJoin(files, eq(files.id, tasks.resultFileId));
}

export async function listTasks(db: Db, user: AuthUser, lang: Lang, q: TaskFilter & { take: number; skip: number }) {
  const where = filterWhere(user, q);
  const [{ total }] = await db.select({ total: count() }).from(tasks).where(where);
  const rows = await joined(db).where(where).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(q.take).offset(q.skip);
  return { result: rows.map((r) => toRecord(user, lang, r)), metadata: { filteredRecords: total } };
}

export async function getTask(db: Db, user: AuthUser, lang: Lang, id: number): Promise<TaskRecord | null> {
  const [row] = await joined(db).where(and(eq(tasks.id, id), visibleTasksWhere(user))).limit(1);
  return row ? toRecord(user, lang, row) : null;
}

/** Whether a stored file is the result of a task the caller may see (file access check). */
/** Whether `user` may download the result file `fileId` of a task: see ownsResult. */
export async function isVisibleTaskResult(db: Db, user: AuthUser, fileId: number): Promise<boolean> {
  const [row] = await db.select({ createdBy: tasks.createdBy }).from(tasks).where(eq(tasks.resultFileId, fileId)).limit(1);
  return !!row && ownsResult(user, row.createdBy);
}
