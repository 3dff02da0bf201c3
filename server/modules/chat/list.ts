import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChatPerson, ChatRecord } from '../../../shared/calls/chat.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, chatMembers, chatMessages, chats, courses } from '../../db/schema/index.js';
import { moderatedCourseIds } from './access.js';
import { imageIdOf, toMessageRecords, unreadWhere } from './records.js';

const fullName = (p: ChatPerson) => [p.lastName, p.firstName].filter(Boolean).join(' ');

/**
 * The caller's chats (spec 3 §7.5 GET /api/chats: page, length; answer data and count), latest
 * message first: the chats they are a member of and, for a moderator, those of the courses they
 * moderate. `search` matches the other member's name or e-mail.
 */
export async function listChats(db: Db, user: AuthUser, q: { page: number; length: number; search?: string }): Promise<{ data: ChatRecord[]; count: number }> {
  const me = user.accountId;
  const mine = sql`(${chats.id} in (select m."chat_id" from "chat_members" m where m."account_id" = ${me})
    or (${user.role === 'Instructors'} and ${chats.courseId} in ${moderatedCourseIds(me)}))`;
  const term = q.search?.trim();
  const matches = term
    ? sql`exists (select 1 from "chat_members" m join "accounts" a on a."id" = m."account_id"
        where m."chat_id" = ${chats.id} and a."id" <> ${me}
          and (a."last_name" || ' ' || a."first_name" || ' ' || coalesce(a."middle_name", '') || ' ' || a."email") ilike ${`%${term.replace(/[\\%_]/g, '\\$&')}%`})`
    : undefined;
  const where = and(mine, matches);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(chats).where(where);
  const page = await db
    .select({
      chat: chats,
      courseLabel: courses.label,
      isMember: sql<boolean>`exists (select 1 from "chat_members" m where m."chat_id" = ${chats.id} and m."account_id" = ${me})`,
      moderates: sql<boolean>`(${chats.courseId} is not null and ${chats.courseId} in ${moderatedCourseIds(me)})`,
    })
    .from(chats)
    .leftJoin(courses, eq(courses.id, chats.courseId))
    .where(where)
    .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id))
    .limit(q.length)
    .offset((q.page - 1) * q.length);
  if (page.length === 0) return { data: [], count };
  const ids = page.map((p) => p.chat.id);
  const [members, lastRows, unread] = await Promise.all([
    db
      .select({ chatId: chatMembers.chatId, id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, patronymic: accounts.middleName, picture: accounts.picture })
      .from(chatMembers)
      .innerJoin(accounts, sql`${accounts.id} = ${chatMembers.accountId}`)
      .where(inArray(chatMembers.chatId, ids)),
    db.selectDistinctOn([chatMessages.chatId]).from(chatMessages).where(inArray(chatMessages.chatId, ids)).orderBy(chatMessages.chatId, desc(chatMessages.id)),
    db
      .select({ chatId: chatMessages.chatId, n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(inArray(chatMessages.chatId, ids), unreadWhere(me)))
      .groupBy(chatMessages.chatId),
  ]);
  const data: ChatRecord[] = [];
  for (const { chat, courseLabel, isMember, moderates } of page) {
    const people = members.filter((m) => m.chatId === chat.id);
    const memberIds = people.map((p) => p.id);
    const others = people.filter((p) => p.id !== me);
    const interlocutor = others[0] ?? null;
    const last = lastRows.find((r) => r.chatId === chat.id);
    const [lastRecord] = last ? await toMessageRecords(db, me, memberIds, [last]) : [];
    data.push({
      id: chat.id,
      name: chat.name ?? (others.length ? others.map(fullName).join(', ') : ''),
      description: chat.description,
      imageId: chat.imageId ?? imageIdOf(interlocutor?.picture ?? null),
      courseId: chat.courseId,
      courseLabel: courseLabel ?? null,
      members: memberIds.map((id) => ({ id })),
      interlocutor: interlocutor ? { id: interlocutor.id, firstName: interlocutor.firstName, lastName: interlocutor.lastName, patronymic: interlocutor.patronymic, picture: interlocutor.picture } : null,
      lastMessage: lastRecord
        ? {
            createdDateTime: lastRecord.createdDateTime,
            type: lastRecord.type,
            message: lastRecord.message,
            attachments: lastRecord.attachments,
            isBlocked: lastRecord.isBlocked,
            status: lastRecord.deliveryStatus,
            senderId: lastRecord.member.id,
          }
        : null,
      unreadMessagesCount: isMember ? (unread.find((u) => u.chatId === chat.id)?.n ?? 0) : 0,
      canModerate: user.role === 'Root' || (user.role === 'Instructors' && !!moderates),
      isMember: !!isMember,
    });
  }
  return { data, count };
}
