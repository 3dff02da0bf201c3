import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';
import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE } from '../chat';

/**
 * Chat between a student and the staff of their courses (spec 1 §2.7, spec 2 §3.4/§5/§6/§9,
 * spec 3 §7.5, §8.8). Paths in the spec's spelling; the moderation call and the unread count's
 * shape are ours (docs/decisions/communication.md).
 */

export * from '../chat';

export const chatAttachment = z.object({ id: z.number().int(), fileName: z.string(), fileSize: z.number() });
export type ChatAttachment = z.infer<typeof chatAttachment>;

/** What the sender sees of their own message: delivered (Send), Received or Read by the other member(s). */
export const DeliveryStatus = { Send: 'Send', Received: 'Received', Read: 'Read' } as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

export interface ChatMessageRecord {
  id: number;
  chatId: number;
  type: 'Text' | 'File' | 'Notification';
  /** empty when blocked (the client shows «Заблокировано модератором») */
  message: string;
  createdDateTime: string;
  member: { id: number | null; imageId: number | null };
  attachments: ChatAttachment[];
  /** the reader's receipt of someone else's message; null for their own or not yet received */
  currentUserMessageStatus: 'Received' | 'Read' | null;
  /** the reader's own message: how far it got with the other member(s); null for others' */
  deliveryStatus: DeliveryStatus | null;
  isBlocked: boolean;
  /** the reader's own message: the id their client gave it (null for others' and for messages sent without one) */
  clientMessageId: string | null;
}

export interface ChatPerson {
  id: number;
  firstName: string;
  lastName: string;
  patronymic: string | null;
  picture: string | null;
}

export interface ChatRecord {
  id: number;
  /** the other member's name (a chat of two) */
  name: string;
  description: string | null;
  imageId: number | null;
  courseId: number | null;
  /** the course the chat belongs to (an instructor's list says which course each student is in) */
  courseLabel: string | null;
  members: { id: number }[];
  /** the other member */
  interlocutor: ChatPerson | null;
  lastMessage: Pick<ChatMessageRecord, 'createdDateTime' | 'type' | 'message' | 'attachments' | 'isBlocked'> & { status: DeliveryStatus | null; senderId: number | null } | null;
  unreadMessagesCount: number;
  /** the reader may block messages here (the course's moderator or Root) */
  canModerate: boolean;
  /** the reader is a member (may send and give receipts); a moderator may only read */
  isMember: boolean;
}

export interface ChatWithUser {
  chatId: number | null;
  imageId: number | null;
  firstName: string;
  lastName: string;
  patronymic: string | null;
}

const pageQuery = z.object({
  page: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100_000, m.tooBig).default(1),
  length: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100, m.tooBig).default(CHAT_PAGE_SIZE),
});

const messagesQuery = pageQuery.extend({
  /** after a reconnect: the messages after this id, oldest first (at most `length`) */
  afterId: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).optional(),
});

const chatParams = z.object({ chatRoomId: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall) });
const messageParams = chatParams.extend({ messageId: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall) });
const userParams = z.object({ userId: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall) });
const fileParams = z.object({ fileId: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall) });

export const clientMessageId = z.string(m.type).uuid('validation.invalid');

export const textMessageInput = z.object({
  message: z.string(m.type).max(CHAT_MESSAGE_MAX, m.tooLong).default(''),
  /** files uploaded by POST /api/Chats/filestorage; one at most (spec 2 §6) */
  attachments: z.array(z.number(m.type).int(m.type).min(1, m.tooSmall)).max(1, 'chat.oneFile').default([]),
  /** the client's id for the message (a UUID): sending it again stores nothing new (a resend after a lost answer) */
  clientMessageId: clientMessageId.optional(),
});

export const startChatInput = z.object({
  /** the course the chat is started from (the course page); else the first course they share */
  courseId: z.number(m.type).int(m.type).min(1, m.tooSmall).optional(),
}).default({});

export const chatCalls = defineCalls('chat', {
  list: { method: 'GET', path: '/api/chats', rule: 'signedIn', query: pageQuery.extend({ search: z.string().max(200, m.tooLong).optional() }), response: returns<{ data: ChatRecord[]; count: number }>() },
  withUser: { method: 'GET', path: '/api/Chats/user/{userId}', rule: 'signedIn', params: userParams, response: returns<ChatWithUser>() },
  start: { method: 'POST', path: '/api/Chats/user/{userId}', rule: 'signedIn', params: userParams, body: startChatInput, response: returns<{ id: number }>() },
  messages: { method: 'GET', path: '/api/chats/{chatRoomId}/messages', rule: 'signedIn', params: chatParams, query: messagesQuery, response: returns<{ data: ChatMessageRecord[]; count: number }>() },
  sendText: { method: 'POST', path: '/api/Chats/{chatRoomId}/messages/text', rule: 'signedIn', params: chatParams, body: textMessageInput, status: 201, response: returns<ChatMessageRecord>() },
  sendFile: { method: 'POST', path: '/api/Chats/{chatRoomId}/messages/file', rule: 'signedIn', params: chatParams, bodyKind: 'multipart', status: 201, response: returns<ChatMessageRecord>() },
  received: { method: 'PATCH', path: '/api/Chats/{chatRoomId}/messages/{messageId}/setstatus/received', rule: 'signedIn', params: messageParams, response: returns<{ status: 'Received' | 'Read' }>() },
  read: { method: 'PATCH', path: '/api/Chats/{chatRoomId}/messages/{messageId}/setstatus/read', rule: 'signedIn', params: messageParams, response: returns<{ status: 'Received' | 'Read' }>() },
  block: { method: 'PATCH', path: '/api/Chats/{chatRoomId}/messages/{messageId}/block', rule: 'staff', params: messageParams, response: returns<ChatMessageRecord>() },
  upload: { method: 'POST', path: '/api/Chats/filestorage', rule: 'signedIn', bodyKind: 'multipart', status: 201, response: returns<ChatAttachment>() },
  download: { method: 'GET', path: '/api/Chats/filestorage/{fileId}', rule: 'signedIn', params: fileParams },
  unreadCount: { method: 'GET', path: '/api/notifications/ChatMessages', rule: 'signedIn', response: returns<{ count: number }>() },
});
