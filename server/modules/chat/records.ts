import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { DeliveryStatus, type ChatMessageRecord } from '../../../shared/calls/chat.js';
import type { Db } from '../../db/client.js';
import { accounts, chatAttachments, chatMessages, messageReceipts } from '../../db/schema/index.js';

type MessageRow = typeof chatMessages.$inferSelect;
type ReceiptRow = { messageId: number; accountId: number; status: 'Received' | 'Read' };

/** The file id of an avatar address of ours (/api/files/{id}). */
export const imageIdOf = (picture: string | null): number | null => {
  const m = picture ? /^\/api\/files\/(\d+)$/.exec(picture) : null;
  return m ? Number(m[1]) : null;
};

/** The sender's view of their message: the least any other member has got (a chat of two: the other's receipt). */
export function deliveryOf(receipts: ReceiptRow[], members: number[], senderId: number | null): DeliveryStatus {
  const others = members.filter((id) => id !== senderId);
  if (others.length === 0) return DeliveryStatus.Send;
  const statuses = others.map((id) => receipts.find((r) => r.accountId === id)?.status);
  if (statuses.every((s) => s === 'Read')) return DeliveryStatus.Read;
  if (statuses.every((s) => s === 'Read' || s === 'Received')) return DeliveryStatus.Received;
  return DeliveryStatus.Send;
}

/**
 * Messages as one reader sees them: their receipt of others' messages, the delivery of their own,
 * a blocked message without its text or file.
 */
export async function toMessageRecords(db: Db, readerId: number, members: number[], rows: MessageRow[]): Promise<ChatMessageRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((id): id is number => id !== null))];
  const [attachments, receipts, senders] = await Promise.all([
    db.select().from(chatAttachments).where(inArray(chatAttachments.messageId, ids)).orderBy(asc(chatAttachments.id)),
    db.select({ messageId: messageReceipts.messageId, accountId: messageReceipts.accountId, status: messageReceipts.status }).from(messageReceipts).where(inArray(messageReceipts.messageId, ids)),
    senderIds.length ? db.select({ id: accounts.id, picture: accounts.picture }).from(accounts).where(inArray(accounts.id, senderIds)) : Promise.resolve([]),
  ]);
  return rows.map((r) => {
    const own = r.senderId === readerId;
    const mine = receipts.filter((x) => x.messageId === r.id);
    return {
      id: r.id,
      chatId: r.chatId,
      type: r.type,
      message: r.isBlocked ? '' : r.text,
      createdDateTime: r.createdAt.toISOString(),
      member: { id: r.senderId, imageId: imageIdOf(senders.find((s) => s.id === r.senderId)?.picture ?? null) },
      attachments: r.isBlocked ? [] : attachments.filter((a) => a.messageId === r.id).map((a) => ({ id: a.fileId, fileName: a.fileName, fileSize: a.fileSize })),
      currentUserMessageStatus: own ? null : (mine.find((x) => x.accountId === readerId)?.status ?? null),
      deliveryStatus: own ? deliveryOf(mine, members, r.senderId) : null,
      isBlocked: r.isBlocked,
      clientMessageId: own ? r.clientMessageId : null,
    };
  });
}

/**
 * A page of a chat's messages, oldest first inside the page: page 1 is the latest `length`
 * (spec 2 §9: more while page*length < count). With `afterId`: the messages after it, oldest
 * first — what a client missed while disconnected.
 */
export async function messagePage(db: Db, chatId: number, q: { page: number; length: number; afterId?: number }): Promise<{ rows: MessageRow[]; count: number }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.chatId, chatId));
  if (q.afterId !== undefined) {
    const rows = await db.select().from(chatMessages).where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, q.afterId))).orderBy(asc(chatMessages.id)).limit(q.length);
    return { rows, count };
  }
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(desc(chatMessages.id)).limit(q.length).offset((q.page - 1) * q.length);
  return { rows: rows.reverse(), count };
}

/** Messages of the reader's chats that others sent, not blocked and not yet Read by the reader (the menu's count). */
export function unreadWhere(readerId: number) {
  return sql`${chatMessages.senderId} is distinct from ${readerId} and not ${chatMessages.isBlocked}
    and not exists (select 1 from "message_receipts" r where r."message_id" = ${chatMessages.id} and r."account_id" = ${readerId} and r."status" = 'Read')`;
}

export async function unreadCount(db: Db, readerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(sql`${chatMessages.chatId} in (select m."chat_id" from "chat_members" m where m."account_id" = ${readerId}) and ${unreadWhere(readerId)}`);
  return row.n;
}
