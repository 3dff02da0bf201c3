import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, chatMembers, chats } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { rowsOf } from '../../db/rows.js';

export type ChatRow = typeof chats.$inferSelect;

/** Where the caller stands in a chat: a member writes and gives receipts; a moderator reads and blocks. */
export interface ChatAccess {
  chat: ChatRow;
  isMember: boolean;
  canModerate: boolean;
}

export const chatNotFound = () => notFound('ChatNotFound', { title: 'chat.notFound' });
/** Spec 3 §8.8: a chat the caller may not start answers "Не удалось создать чат" with the reason. */
export const chatNotAllowed = (title: 'chat.createFailed' | 'chat.checkFailed') =>
  new AppError(403, 'ChatNotAllowed', { title, description: 'chat.notAllowed' });

/** The courses whose moderator the caller is (the course's moderator field or a staff row with course role moderator). */
export const moderatedCourseIds = (accountId: number) => sql`(select c."id" from "courses" c where c."moderator_id" = ${accountId}
  union select ci."course_id" from "course_instructors" ci where ci."account_id" = ${accountId} and ci."course_role" = 'moderator')`;

/**
 * The courses that let these two talk: the student studies there (enrolment status 1) and the
 * other one is its staff — its creator, an instructor or a tutor. Moderators moderate, they do not chat.
 */
async function sharedCourses(db: Db, studentId: number, staffId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select c."id" from "courses" c
    join "enrolments" e on e."course_id" = c."id" and e."account_id" = ${studentId} and e."status" = 1
    where c."created_by" = ${staffId}
       or exists (select 1 from "course_instructors" ci where ci."course_id" = c."id" and ci."account_id" = ${staffId} and ci."course_role" in ('instructor', 'tutor'))
    order by c."id"`));
  return rows.map((r) => Number(r.id));
}

/**
 * Who may start whom (docs/decisions/communication.md): a student and the staff of a course they study in, either
 * way round; Root with anyone signed in. Answers the chat's course (the one asked for, else the first
 * shared one; null for Root's chats outside a course) or throws the spec's error — an unknown account
 * answers the same, so the call tells nothing about who exists.
 */
export async function courseForChat(db: Db, me: AuthUser, otherId: number, askedCourseId: number | undefined, title: 'chat.createFailed' | 'chat.checkFailed'): Promise<number | null> {
  const [other] = await db.select({ id: accounts.id, role: accounts.role }).from(accounts).where(eq(accounts.id, otherId));
  if (!other || other.id === me.accountId || other.role === 'Guest') throw chatNotAllowed(title);
  let candidates: number[] = [];
  if (me.role === 'Students' && other.role === 'Instructors') candidates = await sharedCourses(db, me.accountId, other.id);
  else if (me.role === 'Instructors' && other.role === 'Students') candidates = await sharedCourses(db, other.id, me.accountId);
  if (askedCourseId !== undefined && candidates.includes(askedCourseId)) return askedCourseId;
  if (me.role === 'Root') return askedCourseId ?? candidates[0] ?? null;
  if (candidates.length === 0 || askedCourseId !== undefined) throw chatNotAllowed(title);
  return candidates[0];
}

/** The chat of exactly these two accounts, if there is one. */
export async function chatBetween(db: Db, a: number, b: number): Promise<number | null> {
  if (a === b) return null;
  const rows = rowsOf<{ chat_id: number }>(await db.execute(sql`select m1."chat_id" from "chat_members" m1
    join "chat_members" m2 on m2."chat_id" = m1."chat_id" and m2."account_id" = ${b}
    where m1."account_id" = ${a} order by m1."chat_id" limit 1`));
  return rows[0] ? Number(rows[0].chat_id) : null;
}

/** The caller's access to a chat: 404 when they are neither a member nor its moderator (nothing about it leaks). */
export async function loadChat(db: Db, user: AuthUser, chatId: number): Promise<ChatAccess> {
  const [row] = await db
    .select({
      chat: chats,
      isMember: sql<boolean>`exists (select 1 from "chat_members" m where m."chat_id" = ${chats.id} and m."account_id" = ${user.accountId})`,
      moderates: sql<boolean>`(${chats.courseId} is not null and ${chats.courseId} in ${moderatedCourseIds(user.accountId)})`,
    })
    .from(chats)
    .where(eq(chats.id, chatId));
  if (!row) throw chatNotFound();
  const canModerate = user.role === 'Root' || (user.role === 'Instructors' && !!row.moderates);
  if (!row.isMember && !canModerate) throw chatNotFound();
  return { chat: row.chat, isMember: !!row.isMember, canModerate };
}

/** A member's access, for writing and receipts: a moderator who is not a member may only read (403). */
export async function loadChatAsMember(db: Db, user: AuthUser, chatId: number): Promise<ChatAccess> {
  const access = await loadChat(db, user, chatId);
  if (!access.isMember) throw new AppError(403, 'NotChatMember', { title: 'chat.notMember' });
  return access;
}

/** The members' account ids of a chat. */
export async function memberIds(db: Db, chatId: number): Promise<number[]> {
  const rows = await db.select({ id: chatMembers.accountId }).from(chatMembers).where(eq(chatMembers.chatId, chatId));
  return rows.map((r) => r.id);
}
