import type { FastifyReply, FastifyRequest } from 'fastify';
import { callName, paramNames, type CallSpec } from '../../shared/http/call.js';
import { rules } from '../../shared/permissions.js';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/**
 * The audit journal's one writer (docs/decisions/audit.md). Every state-changing call of the
 * staff (a POST, PUT, PATCH or DELETE whose rule admits Instructors and Root only, not marked
 * `reads`) writes one row of audit_log when it succeeds: the actor, the account their session was
 * switched from, their role, the call, the entity, what changed, the course and the address. A
 * handler says what it changed with `audit(request, entry, tx)` (in its own transaction, so the
 * row and the change commit together); when it says nothing, the route layer writes a row from
 * the declaration: the call's area as the entity, the last path parameter (or the body's id) as
 * the record and the body's fields as what was set. Secrets in a body are never written.
 */
export interface AuditEntry {
  /** the entity: a table (courses, accounts …) or, by default, the call's area */
  table: string;
  recordId?: string | number | null;
  /** the changed fields as they were and as they are (see `changedFields`) */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** default: from the call (create, update, delete or action); a named event otherwise (merge-profiles …) */
  action?: string;
  /** default: the course of a course-scoped call */
  courseId?: number | null;
}

type Row = typeof auditLog.$inferInsert;

interface CallAudit {
  call: CallSpec;
  /** rows this request wrote or queued */
  recorded: number;
  pending: AuditEntry[];
}

/** The calls in progress that write to the journal (a WeakMap: a request leaves nothing behind). */
const inProgress = new WeakMap<FastifyRequest, CallAudit>();

/** A rule admitting only the staff (Instructors and Root): its changes are the journal's by default. */
export const staffOnly = (call: CallSpec) => rules[call.rule].roles.every((r) => r === 'Instructors' || r === 'Root');

/** A call that may change something: every method but GET, unless declared `reads`. */
export const changes = (call: CallSpec) => call.method !== 'GET' && !call.reads;

/** What kind of change a call is, from its declaration: its method, its 201, its name's verb. */
export function actionOf(call: CallSpec): string {
  if (call.method === 'DELETE') return 'delete';
  if (call.status === 201) return 'create';
  if (call.method !== 'POST') return 'update';
  const verb = (call.name ?? '').split('.').at(-1) ?? '';
  if (/^(create|add)/i.test(verb)) return 'create';
  if (/^(drop|delete|remove)/i.test(verb)) return 'delete';
  if (/(edit|update|save|set|sort|reorder|move)/i.test(verb)) return 'update';
  return 'action';
}

// ------------------------------------------------------------------ what may be written

/** Field names whose values are secrets (passwords, tokens, codes, keys): never written, not even masked. */
const SECRET = /password|passwd|passphrase|secret|token|otp|api_?key|private_?key|credential|codes?$|^pin$/i;
export const isSecretField = (name: string) => SECRET.test(name);

const MAX_TEXT = 2000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 6;
/** a row's before or after larger than this keeps only the names of its fields */
const MAX_JSON = 32_000;

function safeValue(v: unknown, depth: number): unknown {
  if (v === null || v === undefined) return v ?? null;
  if (typeof v === 'string') return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(v)) {
    const items = v.slice(0, MAX_ITEMS).map((x) => safeValue(x, depth + 1));
    return v.length > MAX_ITEMS ? [...items, `… +${v.length - MAX_ITEMS}`] : items;
  }
  if (typeof v === 'object') return safeFields(v as Record<string, unknown>, depth + 1);
  return null; // functions, symbols: nothing to keep
}

function safeFields(o: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o).slice(0, MAX_ITEMS)) if (!isSecretField(k) && v !== undefined) out[k] = safeValue(v, depth);
  return out;
}

/** A before or after as the journal keeps it: no secret fields, long texts and lists cut, a size limit. */
export function journalFields(o: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
  const safe = safeFields(o);
  if (Object.keys(safe).length === 0) return null;
  return JSON.stringify(safe).length > MAX_JSON ? { _fields: Object.keys(safe) } : safe;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between a record before and after a change (of `fields`, default every
 * field of `after`), as the journal's before and after; dates compare by instant.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[]) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const f of fields) {
    if (f === 'updatedAt' || same(before[f], after[f])) continue;
    was[f] = before[f];
    now[f] = after[f];
  }
  return { before: was, after: now };
}

// ------------------------------------------------------------------ writing

function rowOf(request: FastifyRequest, call: CallSpec | null, entry: AuditEntry): Row {
  const user = request.user;
  return {
    accountId: user?.accountId ?? null,
    previousAccountId: user?.previousAccountId ?? null,
    actorRole: user?.role ?? null,
    action: entry.action ?? (call ? actionOf(call) : 'action'),
    callName: call ? callName(call) : null,
    tableName: entry.table,
    recordId: entry.recordId === null || entry.recordId === undefined || entry.recordId === '' ? null : String(entry.recordId).slice(0, 200),
    courseId: entry.courseId !== undefined ? entry.courseId : (request.courseAccess?.course.id ?? null),
    before: journalFields(entry.before),
    after: journalFields(entry.after),
    address: request.ip ?? null,
  };
}

/** Writes a journal row outside a call (sign-in's role change): the caller gives the whole row. */
export async function writeAuditRow(db: Db, row: Row): Promise<void> {
  await db.insert(auditLog).values({ ...row, before: journalFields(row.before), after: journalFields(row.after) });
}

/**
 * Records what this call changed. With `tx` (the handler's transaction) the row is written at
 * once and commits or rolls back with the change; without it, when the call succeeds. Each entry
 * is one row; a call that records any writes no default row.
 */
export async function audit(request: FastifyRequest, entry: AuditEntry, tx?: Db): Promise<void> {
  const state = inProgress.get(request);
  if (state) state.recorded++;
  if (tx || !state) await (tx ?? request.server.db).insert(auditLog).values(rowOf(request, state?.call ?? null, entry));
  else state.pending.push(entry);
}

/** The row the route layer writes for a staff call whose handler recorded nothing (`answer`: what the handler returned). */
export function defaultEntry(request: FastifyRequest, call: CallSpec, answer?: unknown): AuditEntry {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const names = paramNames(call.path);
  const body = request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body) && !Buffer.isBuffer(request.body) ? (request.body as Record<string, unknown>) : null;
  // the record: the last path parameter (`/groups/{groupId}/Edit`), else the id of what was made (a create's answer), else the body's
  const fromPath = names.length ? params[names[names.length - 1]] : undefined;
  const made = answer !== null && typeof answer === 'object' && 'id' in answer ? (answer as { id: unknown }).id : undefined;
  const recordId = (fromPath ?? (typeof made === 'number' || typeof made === 'string' ? made : undefined) ?? body?.id ?? body?.Id ?? null) as string | number | null;
  return { table: call.tags[0] ?? 'api', recordId, after: call.bodyKind ? null : body };
}

/**
 * The route layer's part: wraps the handler of a call that may change something. After a
 * successful answer it writes what the handler recorded, or for a staff call the default row.
 * A failed journal write is logged, never turned into a failure of the change already made.
 */
export function withAudit<H extends (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>(call: CallSpec, handler: H): H {
  if (!changes(call)) return handler;
  const byDefault = staffOnly(call);
  const wrapped = async function audited(request: FastifyRequest, reply: FastifyReply) {
    const state: CallAudit = { call, recorded: 0, pending: [] };
    inProgress.set(request, state);
    const answer = await handler(request, reply);
    if (reply.statusCode < 400) {
      const entries = state.recorded === 0 ? (byDefault ? [defaultEntry(request, call, answer)] : []) : state.pending;
      if (entries.length) {
        try {
          await request.server.db.insert(auditLog).values(entries.map((e) => rowOf(request, call, e)));
        } catch (err) {
          request.log.error({ err, call: callName(call) }, 'the audit journal row was not written');
        }
      }
    }
    inProgress.delete(request);
    return answer;
  };
  return wrapped as unknown as H;
}
