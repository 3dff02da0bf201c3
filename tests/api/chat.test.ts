import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { chatMessages, chats, files, notifications } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { chatFixture } from './support/chat.js';
import { multipartBody } from './support/multipart.js';

/** The chat calls of spec 3 §7.5 on the real app: who may talk to whom, messages, files, receipts, moderation. */
const t = await createTestApp({ CHAT_FILE_MAX_MB: '1' });
const f = await chatFixture(t);
const { call } = f;

const count = async (table: typeof chats | typeof chatMessages | typeof files) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
type Message = { id: number; message: string; type: string; deliveryStatus: string | null; currentUserMessageStatus: string | null; isBlocked: boolean; attachments: { id: number; fileName: string }[] };

describe('chat: who may start whom', () => {
  it('answers 401 to every chat call without a session', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/chats'], ['GET', '/api/Chats/user/1'], ['POST', '/api/Chats/user/1'], ['GET', '/api/chats/1/messages'],
      ['POST', '/api/Chats/1/messages/text'], ['POST', '/api/Chats/1/messages/file'], ['PATCH', '/api/Chats/1/messages/1/setstatus/received'],
      ['PATCH', '/api/Chats/1/messages/1/setstatus/read'], ['PATCH', '/api/Chats/1/messages/1/block'], ['POST', '/api/Chats/filestorage'],
      ['GET', '/api/Chats/filestorage/1'], ['GET', '/api/notifications/ChatMessages'],
    ];
    for (const [method, url] of urls) expect((await call(null, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
  });

  it('lets a student start a chat with an instructor and a tutor of their course, once per pair', async () => {
    const before = await call(f.student, 'GET', `/api/Chats/user/${f.instructor.accountId}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ chatId: null, firstName: 'Ирина', lastName: 'Преподавателева' });
    const id = await f.startChat(f.student, f.instructor.accountId, { courseId: f.course.id });
    expect(await f.startChat(f.instructor, f.student.accountId)).toBe(id);
    expect((await call(f.student, 'GET', `/api/Chats/user/${f.instructor.accountId}`)).json()).toMatchObject({ chatId: id });
    const [row] = await t.db.select().from(chats).where(eq(chats.id, id));
    expect(row.courseId).toBe(f.course.id);
    expect(await f.startChat(f.tutor, f.student.accountId)).not.toBe(id);
  });

  it('refuses a student chatting with an instructor of another course, and every other pair, creating nothing', async () => {
    const chatsBefore = await count(chats);
    const refused: [typeof f.student, number][] = [
      [f.student, f.otherInstructor.accountId],
      [f.otherInstructor, f.student.accountId],
      [f.student, f.moderator.accountId],
      [f.expelled, f.instructor.accountId],
      [f.student, f.otherStudent.accountId],
      [f.instructor, f.tutor.accountId],
      [f.instructor, f.root.accountId],
      [f.student, 999_999],
      [f.student, f.student.accountId],
    ];
    for (const [who, other] of refused) {
      const res = await call(who, 'POST', `/api/Chats/user/${other}`, {});
      expect(res.statusCode, `${who.accountId} → ${other}`).toBe(403);
      expect(res.json()).toMatchObject({ ErrorCode: 'ChatNotAllowed', Title: 'Не удалось создать чат' });
      expect((await call(who, 'GET', `/api/Chats/user/${other}`)).json()).toMatchObject({ ErrorCode: 'ChatNotAllowed', Title: 'Не удалось проверить наличие чата с преподавателем' });
    }
    // a course the two do not share is refused too
    expect((await call(f.student, 'POST', `/api/Chats/user/${f.instructor.accountId}`, { courseId: f.otherCourse.id })).statusCode).toBe(403);
    expect(await count(chats)).toBe(chatsBefore);
  });

  it('lets Root start a chat with anyone', async () => {
    expect(await f.startChat(f.root, f.otherStudent.accountId)).toBeGreaterThan(0);
  });
});

describe('chat: messages', () => {
  it('stores a text message and shows it to both members, as their own or received', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const sent = await f.sendText(f.student, id, '  Здравствуйте!  ');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ message: 'Здравствуйте!', type: 'Text', deliveryStatus: 'Send', currentUserMessageStatus: null });
    const seen = (await call(f.instructor, 'GET', `/api/chats/${id}/messages`)).json() as { data: Message[]; count: number };
    expect(seen.data.at(-1)).toMatchObject({ message: 'Здравствуйте!', deliveryStatus: null, currentUserMessageStatus: null });
  });

  it('refuses an empty message and one of blanks only, storing nothing', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const before = await count(chatMessages);
    for (const body of [{ message: '' }, { message: '   \n ' }, {}, { message: 'x'.repeat(4001) }]) {
      const res = await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'ValidationError' });
    }
    expect((await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { message: '' })).json().errors).toEqual({ message: 'Введите сообщение или прикрепите файл' });
    expect(await count(chatMessages)).toBe(before);
  });

  it('never lets a student read or write a chat they are not in (404), and stores nothing', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const before = await count(chatMessages);
    expect((await call(f.otherStudent, 'GET', `/api/chats/${id}/messages`)).statusCode).toBe(404);
    expect((await f.sendText(f.otherStudent, id, 'чужое')).statusCode).toBe(404);
    expect((await f.sendText(f.otherInstructor, id, 'чужое')).statusCode).toBe(404);
    const theirs = (await call(f.otherStudent, 'GET', '/api/chats')).json() as { data: { id: number }[] };
    expect(theirs.data.map((c) => c.id)).not.toContain(id);
    expect(await count(chatMessages)).toBe(before);
  });

  it('stores a resend with the same client message id once (a lost answer), and refuses that id in another chat or malformed', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const clientMessageId = '0b8a3c1e-5d2f-4a6b-9c7d-1e2f3a4b5c6d';
    const before = await count(chatMessages);
    const first = await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { message: 'Один раз', clientMessageId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Один раз', clientMessageId });
    // the same resend twice at once, then once more: still the one message
    const again = await Promise.all([1, 2].map(() => call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { message: 'Один раз', clientMessageId })));
    for (const res of again) expect(res.json()).toMatchObject({ id: first.json().id, clientMessageId });
    expect(await count(chatMessages)).toBe(before + 1);
    // the other member never sees the sender's client id
    const seen = (await call(f.instructor, 'GET', `/api/chats/${id}/messages`)).json() as { data: (Message & { clientMessageId: string | null })[] };
    expect(seen.data.at(-1)).toMatchObject({ id: first.json().id, clientMessageId: null });
    const other = await f.startChat(f.student, f.tutor.accountId);
    const elsewhere = await call(f.student, 'POST', `/api/Chats/${other}/messages/text`, { message: 'Один раз', clientMessageId });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ ErrorCode: 'ValidationError', errors: { clientMessageId: expect.any(String) } });
    const malformed = await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { message: 'x', clientMessageId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    const filesBefore = await count(files);
    const body = multipartBody({ name: 'note.txt', data: 'hello' }, { clientMessageId: 'not-a-uuid' });
    expect((await call(f.student, 'POST', `/api/Chats/${id}/messages/file`, body.payload, body.headers)).statusCode).toBe(400);
    expect([await count(chatMessages), await count(files)]).toEqual([before + 1, filesBefore]);
  });

  it('pages messages by 20 from the latest, oldest first inside a page, and answers what came after an id', async () => {
    const id = await f.startChat(f.tutor, f.student.accountId);
    for (let i = 1; i <= 25; i++) expect((await f.sendText(f.tutor, id, `m${i}`)).statusCode).toBe(201);
    const page1 = (await call(f.student, 'GET', `/api/chats/${id}/messages?page=1&length=20`)).json() as { data: Message[]; count: number };
    expect(page1.count).toBe(25);
    expect(page1.data.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    const page2 = (await call(f.student, 'GET', `/api/chats/${id}/messages?page=2`)).json() as { data: Message[] };
    expect(page2.data.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const after = (await call(f.student, 'GET', `/api/chats/${id}/messages?afterId=${page1.data[17].id}`)).json() as { data: Message[] };
    expect(after.data.map((m) => m.message)).toEqual(['m24', 'm25']);
    expect((await call(f.student, 'GET', `/api/chats/${id}/messages?length=101`)).statusCode).toBe(400);
  });
});

describe('chat: files', () => {
  it('sends one uploaded file that the other member downloads and nobody else does', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const up = multipartBody({ name: 'отчёт.pdf', data: Buffer.from('%PDF-1.4 test') });
    const uploaded = await call(f.student, 'POST', '/api/Chats/filestorage', up.payload, up.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json() as { id: number; fileName: string; fileSize: number };
    expect(file).toMatchObject({ fileName: 'отчёт.pdf', fileSize: 13 });
    // before it is sent only its uploader reads it
    expect((await call(f.instructor, 'GET', `/api/Chats/filestorage/${file.id}`)).statusCode).toBe(404);
    const sent = await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { message: '', attachments: [file.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ type: 'File', attachments: [{ id: file.id, fileName: 'отчёт.pdf', fileSize: 13 }] });
    const got = await call(f.instructor, 'GET', `/api/Chats/filestorage/${file.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('%PDF-1.4 test');
    expect((await call(f.otherStudent, 'GET', `/api/Chats/filestorage/${file.id}`)).statusCode).toBe(404);
    expect((await call(f.otherStudent, 'GET', `/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('sends a file in one call (messages/file)', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const body = multipartBody({ name: 'note.txt', data: 'hello' }, { message: 'См. файл' });
    const res = await call(f.student, 'POST', `/api/Chats/${id}/messages/file`, body.payload, body.headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'File', message: 'См. файл', attachments: [{ fileName: 'note.txt', fileSize: 5 }] });
  });

  it('refuses an oversize file, two files and someone else\'s file, storing nothing', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const [filesBefore, messagesBefore] = [await count(files), await count(chatMessages)];
    const big = multipartBody({ name: 'big.bin', data: Buffer.alloc(1024 * 1024 + 1) });
    for (const url of ['/api/Chats/filestorage', `/api/Chats/${id}/messages/file`]) {
      const res = await call(f.student, 'POST', url, big.payload, big.headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'FileSizeLimitExceeded.Error' });
    }
    expect(await count(files)).toBe(filesBefore);
    const up = multipartBody({ name: 'a.txt', data: 'a' });
    const mine = (await call(f.student, 'POST', '/api/Chats/filestorage', up.payload, up.headers)).json() as { id: number };
    const theirs = (await call(f.instructor, 'POST', '/api/Chats/filestorage', up.payload, up.headers)).json() as { id: number };
    expect((await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { attachments: [mine.id, theirs.id] })).statusCode).toBe(400);
    const foreign = await call(f.student, 'POST', `/api/Chats/${id}/messages/text`, { attachments: [theirs.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ ErrorCode: 'ChatFileNotFound' });
    expect(await count(chatMessages)).toBe(messagesBefore);
  });
});

describe('chat: receipts, unread count, moderation', () => {
  it('moves the sender\'s status Send → Received → Read, and the reader\'s unread count down', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const unread = async () => ((await call(f.student, 'GET', '/api/notifications/ChatMessages')).json() as { count: number }).count;
    const before = await unread();
    const msg = (await f.sendText(f.instructor, id, 'Ответ')).json() as Message;
    expect(await unread()).toBe(before + 1);
    const status = async () => ((await call(f.instructor, 'GET', `/api/chats/${id}/messages`)).json() as { data: Message[] }).data.find((m) => m.id === msg.id)!.deliveryStatus;
    expect(await status()).toBe('Send');
    expect((await call(f.instructor, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/setstatus/received`)).json()).toMatchObject({ ErrorCode: 'OwnMessage' });
    expect((await call(f.otherStudent, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/setstatus/read`)).statusCode).toBe(404);
    expect((await call(f.student, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/setstatus/received`)).json()).toEqual({ status: 'Received' });
    expect(await status()).toBe('Received');
    expect((await call(f.student, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/setstatus/read`)).json()).toEqual({ status: 'Read' });
    // never back
    expect((await call(f.student, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/setstatus/received`)).json()).toEqual({ status: 'Read' });
    expect(await status()).toBe('Read');
    expect(await unread()).toBe(before);
    const list = (await call(f.student, 'GET', '/api/chats')).json() as { data: { id: number; unreadMessagesCount: number; lastMessage: { message: string } }[] };
    expect(list.data.find((c) => c.id === id)).toMatchObject({ lastMessage: { message: 'Ответ' } });
  });

  it('writes an in-app notification for a recipient with no open chat connection', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    await f.sendText(f.instructor, id, 'Вы здесь?');
    const rows = await t.db.select().from(notifications).where(and(eq(notifications.accountId, f.student.accountId), eq(notifications.text, 'chat.notification.newMessage')));
    expect(rows.at(-1)?.params).toEqual({ name: 'Преподавателева Ирина' });
  });

  it('lets the course\'s moderator read and block a message; members and other staff may not block', async () => {
    const id = await f.startChat(f.student, f.instructor.accountId);
    const msg = (await f.sendText(f.student, id, 'грубость')).json() as Message;
    const listed = (await call(f.moderator, 'GET', '/api/chats')).json() as { data: { id: number; isMember: boolean; canModerate: boolean }[] };
    expect(listed.data.find((c) => c.id === id)).toMatchObject({ isMember: false, canModerate: true });
    // the list says which course the chat (its student) belongs to
    const theirs = (await call(f.instructor, 'GET', '/api/chats')).json() as { data: { id: number; courseId: number; courseLabel: string }[] };
    expect(theirs.data.find((c) => c.id === id)).toMatchObject({ courseId: f.course.id, courseLabel: 'Курс с чатом' });
    expect((await call(f.instructor, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/block`)).json()).toMatchObject({ ErrorCode: 'NotChatModerator' });
    expect((await call(f.otherInstructor, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/block`)).statusCode).toBe(404);
    expect((await call(f.student, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/block`)).statusCode).toBe(403);
    expect((await f.sendText(f.moderator, id, 'модератор пишет')).json()).toMatchObject({ ErrorCode: 'NotChatMember' });
    const blocked = await call(f.moderator, 'PATCH', `/api/Chats/${id}/messages/${msg.id}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    const seen = ((await call(f.instructor, 'GET', `/api/chats/${id}/messages`)).json() as { data: Message[] }).data.find((m) => m.id === msg.id);
    expect(seen).toMatchObject({ isBlocked: true, message: '' });
  });
});
