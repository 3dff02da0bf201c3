import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { chatCalls as calls, type ChatWithUser } from '../../../shared/calls/chat.js';
import { MB } from '../../../shared/files.js';
import { currentUser } from '../../auth/context.js';
import { eq, sql } from 'drizzle-orm';
import { accounts, chatMembers, chats } from '../../db/schema/index.js';
import { notFound, requestLang } from '../../errors.js';
import { getFileRow, sendStoredFile } from '../../files/index.js';
import { route } from '../../http/route.js';
import { chatBetween, courseForChat, loadChat, loadChatAsMember, memberIds } from './access.js';
import { canReadChatFile, receiveChatFile } from './files.js';
import { listChats } from './list.js';
import { blockMessage, setReceipt } from './receipts.js';
import { imageIdOf, messagePage, toMessageRecords, unreadCount } from './records.js';
import { CHAT_FILE, sendMessage } from './send.js';
import './messages.js';

/**
 * Chat (spec 1 §2.7, spec 3 §7.5; calls shared/calls/chat.ts): a student and the staff of their
 * courses, Root with anyone. Messages are stored, then pushed over /hubs/chat (server/hubs/chat.ts).
 */
export const chatModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  if (!fastify.hasContentTypeParser('multipart/form-data')) {
    await fastify.register(multipart, { limits: { files: 1, fields: 5, fileSize: fastify.config.CHAT_FILE_MAX_MB * MB } });
  }

  route(fastify, calls.list, async (request) => listChats(db, currentUser(request), request.query));

  route(fastify, calls.withUser, async (request) => {
    const user = currentUser(request);
    const other = request.params.userId;
    const existing = await chatBetween(db, user.accountId, other);
    // an existing chat stays open to both; a new one needs the rule of who may start whom
    if (existing === null) await courseForChat(db, user, other, undefined, 'chat.checkFailed');
    const [person] = await db.select().from(accounts).where(eq(accounts.id, other));
    const answer: ChatWithUser = { chatId: existing, imageId: imageIdOf(person.picture), firstName: person.firstName, lastName: person.lastName, patronymic: person.middleName };
    return answer;
  });

  route(fastify, calls.start, async (request) => {
    const user = currentUser(request);
    const other = request.params.userId;
    const courseId = await courseForChat(db, user, other, request.body?.courseId, 'chat.createFailed');
    // one chat per pair: two starts at once make one chat (lock on the pair)
    const id = await db.transaction(async (tx) => {
      const [a, b] = [user.accountId, other].sort((x, y) => x - y);
      await tx.execute(sql`select pg_advisory_xact_lock(${a}, ${b})`);
      const existing = await chatBetween(tx as never, a, b);
      if (existing !== null) return existing;
      const [chat] = await tx.insert(chats).values({ courseId, createdBy: user.accountId }).returning({ id: chats.id });
      await tx.insert(chatMembers).values([{ chatId: chat.id, accountId: a }, { chatId: chat.id, accountId: b }]);
      return chat.id;
    });
    return { id };
  });

  route(fastify, calls.messages, async (request) => {
    const user = currentUser(request);
    const access = await loadChat(db, user, request.params.chatRoomId);
    const { rows, count } = await messagePage(db, access.chat.id, request.query);
    return { data: await toMessageRecords(db, user.accountId, await memberIds(db, access.chat.id), rows), count };
  });

  route(fastify, calls.sendText, async (request, reply) => {
    const user = currentUser(request);
    const access = await loadChatAsMember(db, user, request.params.chatRoomId);
    return reply.status(201).send(await sendMessage(fastify, user, access, request.body, requestLang(request)));
  });

  route(fastify, calls.sendFile, async (request, reply) => {
    const user = currentUser(request);
    // the chat first: nothing is stored for a chat the caller may not write in
    const access = await loadChatAsMember(db, user, request.params.chatRoomId);
    const { file, fields } = await receiveChatFile(request, user);
    return reply.status(201).send(await sendMessage(fastify, user, access, { message: fields.message ?? '', attachments: [file.id], clientMessageId: fields.clientMessageId }, requestLang(request)));
  });

  route(fastify, calls.received, async (request) => {
    const user = currentUser(request);
    return setReceipt(fastify, user, await loadChatAsMember(db, user, request.params.chatRoomId), request.params.messageId, 'Received');
  });

  route(fastify, calls.read, async (request) => {
    const user = currentUser(request);
    return setReceipt(fastify, user, await loadChatAsMember(db, user, request.params.chatRoomId), request.params.messageId, 'Read');
  });

  route(fastify, calls.block, async (request) => {
    const user = currentUser(request);
    return blockMessage(fastify, user, await loadChat(db, user, request.params.chatRoomId), request.params.messageId);
  });

  route(fastify, calls.upload, async (request, reply) => {
    const { file } = await receiveChatFile(request, currentUser(request));
    return reply.status(201).send(file);
  });

  route(fastify, calls.download, async (request, reply) => {
    const user = currentUser(request);
    const file = await getFileRow(db, request.params.fileId);
    // chat files only, for the uploader, Root, and the members and moderators of a chat it was sent in
    const allowed = file?.purpose === CHAT_FILE && (user.role === 'Root' || file.ownerId === user.accountId || (await canReadChatFile(db, user, file)));
    if (!file || !allowed) throw notFound('NotFound', { title: 'file.notFound' });
    return sendStoredFile(fastify.storage, file, request, reply, { download: true });
  });

  route(fastify, calls.unreadCount, async (request) => ({ count: await unreadCount(db, currentUser(request).accountId) }));
};
