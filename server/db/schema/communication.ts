// Notifications, course mailings, chats and the mail outbox.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChatMessageType, CurrentUserMessageStatus, MailingKind, MailStatus, NotificationType } from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { bigId, createdAt, id, tstz } from './_columns.js';
import { courses } from './courses.js';
import { files } from './system.js';
import type { NotificationLinkFields } from '../../../shared/calls/notifications.js';

/** In-app notification of one account. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigId(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** NotificationType code */
    type: integer('type').$type<NotificationType>().notNull().default(0),
    /** message key (rendered in the reader's language); rows written before keys hold prose */
    text: text('text').notNull(),
    /** values for the key's {placeholders} */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    linkFields: jsonb('link_fields').$type<NotificationLinkFields>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [
    index('notifications_account_created_idx').on(t.accountId, t.createdAt),
    index('notifications_account_read_idx').on(t.accountId, t.read),
  ],
);

/** E-mail mailing of a course: automatic (sent on an event) or manual (sent once, now or at scheduledAt). */
export const mailings = pgTable(
  'mailings',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MailingKind>().notNull(),
    label: text('label').notNull().default(''),
    subject: text('subject').notNull(),
    /** sanitised HTML */
    body: text('body').notNull(),
    /** auto: event that sends it (e.g. enrolled, completed, course_start); offsetDays before/after */
    trigger: text('trigger'),
    offsetDays: integer('offset_days'),
    /** recipient filter: { groupIds?, statuses?, accountIds? } */
    recipients: jsonb('recipients').$type<Record<string, unknown>>().notNull().default({}),
    isEnabled: boolean('is_enabled').notNull().default(true),
    scheduledAt: tstz('scheduled_at'),
    sentAt: tstz('sent_at'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('mailings_course_idx').on(t.courseId, t.kind)],
);

export const chats = pgTable(
  'chats',
  {
    id: id(),
    name: text('name'),
    description: text('description'),
    imageId: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    /** the course a chat belongs to, if any */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** for ordering the chat list */
    lastMessageAt: tstz('last_message_at'),
  },
  (t) => [index('chats_last_message_idx').on(t.lastMessageAt)],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id').notNull().references(() => chats.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.accountId] }), index('chat_members_account_idx').on(t.accountId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigId(),
    chatId: integer('chat_id').notNull().references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => accounts.id, { onDelete: 'set null' }),
    type: text('type').$type<ChatMessageType>().notNull().default('Text'),
    text: text('text').notNull().default(''),
    /** blocked by a moderator (shown dimmed) */
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** the sender's own id for the message: a resend after a lost answer finds the stored one */
    clientMessageId: uuid('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.id), uniqueIndex('chat_messages_client_id_uq').on(t.senderId, t.clientMessageId)],
);

export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: id(),
    messageId: bigint('message_id', { mode: 'number' }).notNull().references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId)],
);

/** Receipt of a message by a member: Received, then Read. No row = not yet received. */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    messageId: bigint('message_id', { mode: 'number' }).notNull().references(() => chatMessages.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<CurrentUserMessageStatus>().notNull().default('Received'),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    readAt: tstz('read_at'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.accountId] }), index('message_receipts_account_idx').on(t.accountId, t.status)],
);

/** Outgoing e-mail, one row per recipient. Without SMTP_URL it stays here (status queued) for Root to read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    mailingId: integer('mailing_id').references(() => mailings.id, { onDelete: 'set null' }),
    /** the recipient's account (per-recipient status of a mailing) */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** MailStatus: queued → sending → sent | failed (after the last retry) */
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    /** the letter's Message-ID header (`<uuid@host>`), set once when it is first claimed: every resend carries the same one */
    messageId: text('message_id'),
    /** a sender died while sending it (claimed past its hold) and another sent it again: the recipient may hold two copies, one Message-ID */
    resent: boolean('resent').notNull().default(false),
    /** the earliest time the next delivery attempt may start (back-off after a failure) */
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** a sender holds the row until then; after it (the process died) the row may be claimed again */
    claimedUntil: tstz('claimed_until'),
    /** one letter per (mailing, recipient, occasion): a repeated trigger or task writes nothing */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_unsent_idx').on(t.sentAt),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_mailing_idx').on(t.mailingId),
    uniqueIndex('mail_outbox_dedupe_uq').on(t.dedupeKey),
  ],
);
