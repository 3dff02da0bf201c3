import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHAT_HUB, ChatEvent, type ChatMessageRecord } from '../../../shared/calls/chat.js';
import type { AuthUser } from '../../auth/context.js';
import { chatMessages, messageReceipts } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { memberIds, type ChatAccess } from './access.js';
import { toMessageRecords } from './records.js';

type Status = 'Received' | 'Read';

const messageNotFound = () => notFound('MessageNotFound', { title: 'chat.messageNotFound' });

async function loadMessage(app: FastifyInstance, chatId: number, messageId: number) {
  const [message] = await app.db.select().from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)));
  if (!message) throw messageNotFound();
  return message;
}

/**
 * A member's receipt of someone else's message (spec 2 §5): Received, then Read; never back.
 * Only a change is pushed ("status changed") to the members' connections, so the sender's ticks
 * move once per step and the reader's other tabs update their unread counts.
 */
export async function setReceipt(app: FastifyInstance, user: AuthUser, access: ChatAccess, messageId: number, wanted: Status): Promise<{ status: Status }> {
  const message = await loadMessage(app, access.chat.id, messageId);
  if (message.senderId === user.accountId) throw new AppError(400, 'OwnMessage', { title: 'chat.ownMessage' });
  const key = { messageId, accountId: user.accountId };
  const changed =
    wanted === 'Received'
      ? await app.db.insert(messageReceipts).values({ ...key, status: 'Received' }).onConflictDoNothing().returning()
      : await app.db
          .insert(messageReceipts)
          .values({ ...key, status: 'Read', readAt: sql`now()` })
          .onConflictDoUpdate({ target: [messageReceipts.messageId, messageReceipts.accountId], set: { status: 'Read', readAt: sql`now()` }, setWhere: sql`${messageReceipts.status} <> 'Read'` })
          .returning();
  const [now] = await app.db.select({ status: messageReceipts.status }).from(messageReceipts).where(and(eq(messageReceipts.messageId, messageId), eq(messageReceipts.accountId, user.accountId)));
  if (changed.length > 0) {
    for (const accountId of await memberIds(app.db, access.chat.id)) {
      app.hubs.sendToAccount(CHAT_HUB, accountId, ChatEvent.statusChanged, { chatId: access.chat.id, messageId, accountId: user.accountId, status: now.status });
    }
  }
  return { status: now.status };
}

/** The course's moderator (or Root) blocks a message: its text and file are no longer shown to anyone. */
export async function blockMessage(app: FastifyInstance, user: AuthUser, access: ChatAccess, messageId: number): Promise<ChatMessageRecord> {
  if (!access.canModerate) throw new AppError(403, 'NotChatModerator', { title: 'chat.notModerator' });
  await loadMessage(app, access.chat.id, messageId);
  const [row] = await app.db.update(chatMessages).set({ isBlocked: true }).where(eq(chatMessages.id, messageId)).returning();
  const members = await memberIds(app.db, access.chat.id);
  for (const accountId of members) app.hubs.sendToAccount(CHAT_HUB, accountId, ChatEvent.messageBlocked, { chatId: access.chat.id, messageId });
  const [record] = await toMessageRecords(app.db, user.accountId, members, [row]);
  return record;
}
