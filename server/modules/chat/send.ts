import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHAT_HUB, ChatEvent, type ChatMessageRecord } from '../../../shared/calls/chat.js';
import { NotificationType } from '../../../shared/enums.js';
import type { AuthUser } from '../../auth/context.js';
import { chatAttachments, chatMessages, chats, files } from '../../db/schema/index.js';
import { AppError, validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { notify } from '../notifications/notify.js';
import { memberIds, type ChatAccess } from './access.js';
import { toMessageRecords } from './records.js';

/** What a file uploaded for the chat is stored as (files.purpose). */
export const CHAT_FILE = 'chat';

/**
 * Stores a message (text, or one file the sender uploaded for the chat: spec 2 §6), then pushes it
 * to every connection of every member, each seeing it as theirs or someone else's (persist first,
 * then push). A member with no open chat connection gets an in-app notification instead.
 */
export async function sendMessage(app: FastifyInstance, user: AuthUser, access: ChatAccess, input: { message: string; attachments: number[]; clientMessageId?: string }, lang: Lang): Promise<ChatMessageRecord> {
  const text = input.message.trim();
  // spec 2 §6: text or one file; a message of blanks only is empty too
  if (text === '' && input.attachments.length === 0) throw validationError({ message: translate(lang, 'chat.emptyMessage') });
  const chatId = access.chat.id;
  if (input.clientMessageId) {
    // a resend after a lost answer: the stored message, nothing stored again
    const stored = await storedResend(app, user, chatId, input.clientMessageId, lang);
    if (stored) return stored;
  }
  const row = await app.db.transaction(async (tx) => {
    const attached = input.attachments.length
      ? await tx.select().from(files).where(and(inArray(files.id, input.attachments), eq(files.ownerId, user.accountId), eq(files.purpose, CHAT_FILE)))
      : [];
    // only the sender's own chat uploads: another's file id is as unknown as a missing one
    if (attached.length !== input.attachments.length) throw new AppError(400, 'ChatFileNotFound', { title: 'chat.sendFailed', description: 'chat.fileNotFound' });
    const [message] = await tx
      .insert(chatMessages)
      .values({ chatId, senderId: user.accountId, type: attached.length ? 'File' : 'Text', text, clientMessageId: input.clientMessageId ?? null })
      .onConflictDoNothing()
      .returning();
    // the same resend twice at once: the other one stored it
    if (!message) return null;
    if (attached.length) {
      await tx.insert(chatAttachments).values(attached.map((f) => ({ messageId: message.id, fileId: f.id, fileName: f.name, fileSize: f.size })));
    }
    await tx.update(chats).set({ lastMessageAt: sql`now()` }).where(eq(chats.id, chatId));
    return message;
  });
  if (!row) return (await storedResend(app, user, chatId, input.clientMessageId!, lang))!;
  const { members, own } = await pushToMembers(app, user, chatId, row);
  // offline: no page on the chat hub of any server process
  const online = await app.hubs.connectedAccounts(CHAT_HUB, members);
  const offline = members.filter((id) => id !== user.accountId && !online.has(id));
  // the message is stored whatever happens to its notification
  await notify(
    app.db,
    offline.map((accountId) => ({
      accountId,
      type: NotificationType.unknown,
      key: 'chat.notification.newMessage',
      params: { name: [user.lastName, user.firstName].filter(Boolean).join(' ') },
      linkFields: access.chat.courseId ? { trainingId: access.chat.courseId } : {},
    })),
  ).catch((err: unknown) => app.log.warn({ err, chatId }, 'chat notification not written'));
  return own;
}

/** Pushes the stored message to every connection of every member, each seeing it as theirs or someone else's; answers the sender's view. */
async function pushToMembers(app: FastifyInstance, user: AuthUser, chatId: number, row: typeof chatMessages.$inferSelect): Promise<{ members: number[]; own: ChatMessageRecord }> {
  const members = await memberIds(app.db, chatId);
  let own: ChatMessageRecord | undefined;
  for (const accountId of members) {
    const [record] = await toMessageRecords(app.db, accountId, members, [row]);
    if (accountId === user.accountId) own = record;
    app.hubs.sendToAccount(CHAT_HUB, accountId, ChatEvent.messageCreated, record);
  }
  return { members, own: own! }; // the sender is a member (only members send)
}

/** The sender's message with this client id, as they see it, pushed again; a client id used in another chat is refused. */
async function storedResend(app: FastifyInstance, user: AuthUser, chatId: number, clientMessageId: string, lang: Lang): Promise<ChatMessageRecord | null> {
  const [row] = await app.db.select().from(chatMessages).where(and(eq(chatMessages.senderId, user.accountId), eq(chatMessages.clientMessageId, clientMessageId)));
  if (!row) return null;
  if (row.chatId !== chatId) throw validationError({ clientMessageId: translate(lang, 'validation.invalid') });
  // the first send may have died with its process between storing and pushing (SIGKILL: found by
  // tests/bench/faults.mjs): push again. Pages merge by message id, so one that had it shows it once.
  return (await pushToMembers(app, user, chatId, row)).own;
}
