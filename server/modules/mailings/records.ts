import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MailingRecord, MailingRecipients, mailingInput } from '../../../shared/calls/mailings.js';
import { MailingKind, MailingTrigger, type MailStatus } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { groups, mailings, mailOutbox } from '../../db/schema/index.js';
import { conflict, notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { isBlankHtml, sanitizeRichText } from '../../richtext/index.js';
import type { MailingRow } from './letters.js';
import { unknownFields } from './render.js';

export const mailingNotFound = () => notFound('MailingNotFound', { title: 'mailings.notFound' });
export const alreadySent = () => conflict('MailingAlreadySent', { title: 'mailings.alreadySent', description: 'mailings.alreadySentDescription' });

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Letters per delivery status of these mailings. */
export async function letterCounts(db: Db, ids: number[]): Promise<Map<number, Partial<Record<MailStatus, number>>>> {
  const out = new Map<number, Partial<Record<MailStatus, number>>>();
  if (ids.length === 0) return out;
  const rows = await db.select({ id: mailOutbox.mailingId, status: mailOutbox.status, n: count() }).from(mailOutbox).where(inArray(mailOutbox.mailingId, ids)).groupBy(mailOutbox.mailingId, mailOutbox.status);
  for (const r of rows) out.set(r.id!, { ...out.get(r.id!), [r.status]: r.n });
  return out;
}

export function toRecord(row: MailingRow, counts: Partial<Record<MailStatus, number>> = {}): MailingRecord {
  const state = row.kind === MailingKind.auto ? 'auto' : row.sentAt ? 'sent' : row.scheduledAt ? 'scheduled' : 'draft';
  const r = row.recipients as Partial<MailingRecipients>;
  return {
    id: row.id,
    courseId: row.courseId,
    kind: row.kind,
    label: row.label,
    subject: row.subject,
    body: row.body,
    trigger: (row.trigger as MailingTrigger | null) ?? null,
    offsetDays: row.offsetDays,
    recipients: { groupIds: r.groupIds ?? [], statuses: r.statuses ?? [] },
    isEnabled: row.isEnabled,
    scheduledAt: iso(row.scheduledAt),
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    state,
    counts,
  };
}

export async function loadMailing(db: Db, courseId: number, raw: string): Promise<MailingRow> {
  const id = parseIntId(raw);
  if (id === null) throw mailingNotFound();
  const [row] = await db.select().from(mailings).where(and(eq(mailings.id, id), eq(mailings.courseId, courseId)));
  if (!row) throw mailingNotFound();
  return row;
}

const DATED: string[] = [MailingTrigger.courseStart, MailingTrigger.exerciseDeadline, MailingTrigger.courseCompleted];

/**
 * Checks a mailing form beyond its schema (fields named, body not blank, trigger by kind, groups
 * of this course) and gives the row's values: the body sanitised, the days only for dated triggers.
 */
export async function mailingValues(db: Db, request: FastifyRequest, courseId: number, b: z.output<typeof mailingInput>, kind: MailingKind) {
  const lang = requestLang(request);
  const fields: Record<string, string> = {};
  const body = sanitizeRichText(b.body);
  if (isBlankHtml(body)) fields.body = translate(lang, 'validation.required');
  for (const [name, value] of [['subject', b.subject], ['body', body]] as const) {
    const unknown = unknownFields(value)[0];
    if (unknown && !fields[name]) fields[name] = translate(lang, 'mailings.unknownField', { field: `{${unknown}}` });
  }
  if (kind === MailingKind.auto && !b.trigger) fields.trigger = translate(lang, 'mailings.triggerRequired');
  if (kind === MailingKind.manual && b.trigger) fields.trigger = translate(lang, 'mailings.noTrigger');
  const groupIds = [...new Set(b.recipients.groupIds)];
  if (groupIds.length) {
    const found = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.courseId, courseId), inArray(groups.id, groupIds)));
    if (found.length !== groupIds.length) fields.recipients = translate(lang, 'mailings.badGroup');
  }
  if (Object.keys(fields).length) throw validationError(fields);
  const trigger = kind === MailingKind.auto ? b.trigger! : null;
  return {
    kind,
    label: b.label,
    subject: b.subject,
    body,
    trigger,
    offsetDays: trigger && DATED.includes(trigger) ? (b.offsetDays ?? 0) : null,
    recipients: { groupIds, statuses: [...new Set(b.recipients.statuses)] },
    isEnabled: b.isEnabled,
  };
}
