import { z } from 'zod';
import { MailingKind, MailingTrigger, MailStatus, StudentStatusInGroup } from '../enums';
import { defineCalls, returns } from '../http/call';

/**
 * E-mail mailings of a course (spec 1 §2.9 auto- and manual-notifications; the spec has no calls
 * for them: paths chosen in the style of /api/instructors/trainings/{courseId}/...).
 */

/** The fields a subject or body template may use; {placeholder} is replaced per recipient. */
export const MAILING_FIELDS = ['student', 'course', 'startDate', 'endDate', 'exercise', 'link'] as const;
export type MailingField = (typeof MAILING_FIELDS)[number];

/** Who receives: students of these course groups and/or in these statuses (empty = every studying student). */
export const mailingRecipients = z.object({
  groupIds: z.array(z.coerce.number().int().positive()).max(500).default([]),
  statuses: z.array(z.union([z.literal(StudentStatusInGroup.studying), z.literal(StudentStatusInGroup.expelled), z.literal(StudentStatusInGroup.dropped)])).max(3).default([]),
});
export type MailingRecipients = z.output<typeof mailingRecipients>;

const subject = z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong');
const body = z.string().max(100_000, 'validation.tooLong');
const triggers = Object.values(MailingTrigger) as [MailingTrigger, ...MailingTrigger[]];

export const mailingInput = z.object({
  kind: z.enum([MailingKind.auto, MailingKind.manual]),
  label: z.string().trim().max(200, 'validation.tooLong').default(''),
  subject,
  body,
  /** automatic only: what sends it, and N days for the dated triggers */
  trigger: z.enum(triggers).nullish(),
  offsetDays: z.coerce.number().int().min(0, 'validation.range').max(365, 'validation.range').nullish(),
  recipients: mailingRecipients.default({ groupIds: [], statuses: [] }),
  isEnabled: z.boolean().default(true),
});
export type MailingInput = z.input<typeof mailingInput>;

/** Send now (no `at`) or at a time in the future. */
export const mailingSendInput = z.object({ at: z.iso.datetime({ offset: true }).nullish() });

export const mailingPreviewInput = z.object({ subject: z.string().max(300), body, trigger: z.enum(triggers).nullish() });

/** draft → scheduled (a time is set) → sent (letters written to the outbox); automatic rules are "auto". */
export type MailingState = 'draft' | 'scheduled' | 'sent' | 'auto';

export interface MailingRecord {
  id: number;
  courseId: number;
  kind: MailingKind;
  label: string;
  subject: string;
  body: string;
  trigger: MailingTrigger | null;
  offsetDays: number | null;
  recipients: MailingRecipients;
  isEnabled: boolean;
  scheduledAt: string | null;
  sentAt: string | null;
  createdAt: string;
  state: MailingState;
  /** letters per delivery status */
  counts: Partial<Record<MailStatus, number>>;
}

export interface MailingRecipientStatus {
  id: number;
  accountId: number | null;
  to: string;
  fullName: string;
  status: MailStatus;
  attempts: number;
  error: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface OutboxLetter {
  id: number;
  to: string;
  subject: string;
  html: string;
  status: MailStatus;
  /** a sender died while sending it and the letter went out again with the same Message-ID (the recipient may hold two copies) */
  resent: boolean;
  /** the Message-ID header every sending of the letter carries; null until it is first sent */
  messageId: string | null;
  attempts: number;
  error: string | null;
  mailingId: number | null;
  courseId: number | null;
  createdAt: string;
  sentAt: string | null;
}

const B = '/api/instructors/trainings/{courseId}/mailings';
const list = z.object({ kind: z.enum([MailingKind.auto, MailingKind.manual]).optional() });
const page = z.object({ status: z.enum(Object.values(MailStatus) as [MailStatus, ...MailStatus[]]).optional(), skip: z.coerce.number().int().min(0).default(0), take: z.coerce.number().int().min(1).max(200).default(50) });

/** Reading: any staff of the course; changing and sending: those who manage its students. */
export const mailingCalls = defineCalls('mailings', {
  list: { method: 'GET', path: B, rule: 'staff', course: { action: 'view' }, query: list, response: returns<MailingRecord[]>(), summary: 'Mailings of a course (automatic rules or manual mailings)' },
  create: { method: 'POST', path: B, rule: 'staff', course: { action: 'manageStudents' }, body: mailingInput, status: 201, response: returns<MailingRecord>() },
  preview: { method: 'POST', reads: true, path: `${B}/preview`, rule: 'staff', course: { action: 'view' }, body: mailingPreviewInput, response: returns<{ subject: string; html: string }>(), summary: 'Subject and body rendered for a sample recipient' },
  get: { method: 'GET', path: `${B}/{mailingId}`, rule: 'staff', course: { action: 'view' }, response: returns<MailingRecord>() },
  update: { method: 'PUT', path: `${B}/{mailingId}`, rule: 'staff', course: { action: 'manageStudents' }, body: mailingInput, response: returns<MailingRecord>() },
  remove: { method: 'DELETE', path: `${B}/{mailingId}`, rule: 'staff', course: { action: 'manageStudents' }, response: returns<{ ok: true }>() },
  send: { method: 'POST', path: `${B}/{mailingId}/send`, rule: 'staff', course: { action: 'manageStudents' }, body: mailingSendInput, response: returns<MailingRecord>(), idempotent: true, summary: 'Send a manual mailing now or at a time (a mailing-data task)' },
  recipients: { method: 'GET', path: `${B}/{mailingId}/recipients`, rule: 'staff', course: { action: 'view' }, response: returns<MailingRecipientStatus[]>(), summary: 'Delivery status per recipient' },
  outbox: { method: 'GET', path: '/api/admin/mail-outbox', rule: 'root', query: page, response: returns<{ items: OutboxLetter[]; total: number }>(), summary: 'Every outgoing letter (the outbox; without SMTP_URL letters stay here)' },
});
