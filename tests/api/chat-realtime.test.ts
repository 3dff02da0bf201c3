import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { CHAT_HUB, ChatEvent, RECEIPT_CONCURRENCY } from '../../shared/calls/chat.js';
import { chatMessages } from '../../server/db/schema/index.js';
import { callWith } from '../../src/http/client.js';
import { createHttpClient } from '../../src/http/fetchJson.js';
import { ChatStore } from '../../src/chat/chatStore.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { chatFixture } from './support/chat.js';

/**
 * The chat over the real hub on loopback, driven by the official SignalR client and the widget's own
 * store (src/chat/chatStore.ts): a student's connection drops while the instructor writes; after the
 * reconnect every message is there once and in order, and the instructor sees Received, then Read.
 */
const t = await createTestApp();
const f = await chatFixture(t);
let base = '';
const opened: HubConnection[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const c of opened) await c.stop();
});

/** The app's typed client, as that person's browser would call it. */
const apiOf = (who: SignedIn) =>
  callWith(
    createHttpClient((url, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', who.cookie);
      return fetch(`${base}${String(url)}`, { ...init, headers });
    }),
  );

function connect(who: SignedIn, retryMs: number) {
  const c = new HubConnectionBuilder()
    .withUrl(`${base}${CHAT_HUB}`, { headers: { cookie: who.cookie }, transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => retryMs })
    .configureLogging(LogLevel.None)
    .build();
  opened.push(c);
  return c;
}

/** Cuts the account's sockets on the server side, as a lost network does. */
function dropConnections(accountId: number) {
  const hubs = t.app.hubs as unknown as { connections: Set<{ user: { accountId: number }; socket: { terminate(): void } }> };
  for (const c of hubs.connections) if (c.user.accountId === accountId) c.socket.terminate();
}

async function until(what: string, ok: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('chat hub', () => {
  it('delivers five messages sent while the student was away once and in order; the instructor sees Received then Read', async () => {
    const chatId = await f.startChat(f.student, f.instructor.accountId, { courseId: f.course.id });
    const studentStore = new ChatStore(apiOf(f.student), f.student.accountId);
    const instructorStore = new ChatStore(apiOf(f.instructor), f.instructor.accountId);

    // reconnects 3 s after the drop: the five messages are sent before it is back
    const studentHub = connect(f.student, 3_000);
    studentStore.attach(studentHub);
    let catchUps = 0;
    studentHub.onreconnected(() => void studentStore.catchUp().then(() => catchUps++));
    const instructorHub = connect(f.instructor, 500);
    instructorStore.attach(instructorHub);
    const statuses: { messageId: number; status: string }[] = [];
    instructorHub.on(ChatEvent.statusChanged, (e: { messageId: number; status: string }) => statuses.push(e));
    await Promise.all([studentHub.start(), instructorHub.start()]);
    await Promise.all([studentStore.open(chatId), instructorStore.open(chatId)]);

    // live: a message pushed while connected
    expect((await f.sendText(f.instructor, chatId, 'до обрыва')).statusCode).toBe(201);
    await until('the live push', () => studentStore.items(chatId).length === 1);

    const reconnecting = new Promise<void>((resolve) => studentHub.onreconnecting(() => resolve()));
    dropConnections(f.student.accountId);
    await reconnecting;
    expect(studentHub.state).toBe(HubConnectionState.Reconnecting);
    for (let i = 1; i <= 5; i++) expect((await f.sendText(f.instructor, chatId, `сообщение ${i}`)).statusCode).toBe(201);
    expect(studentHub.state, 'all five were sent while the student was away').toBe(HubConnectionState.Reconnecting);

    await until('the reconnect and catch-up', () => catchUps === 1, 15_000);
    const texts = () => studentStore.items(chatId).map((m) => m.message);
    expect(texts()).toEqual(['до обрыва', 'сообщение 1', 'сообщение 2', 'сообщение 3', 'сообщение 4', 'сообщение 5']);
    // nothing arrives twice later either (a late push merges by id)
    await new Promise((r) => setTimeout(r, 300));
    expect(texts()).toHaveLength(6);
    await until('the unread count', () => studentStore.unread === 6);

    // the student sees them: Received as they enter the view, Read once fully shown (2 receipt calls at most at once)
    const ids = studentStore.items(chatId).map((m) => ('id' in m ? m.id : 0));
    for (const id of ids) studentStore.seen(chatId, id, 'Received');
    for (const id of ids) studentStore.seen(chatId, id, 'Read');
    await until('every Read reaching the instructor', () => statuses.filter((s) => s.status === 'Read').length === 6);
    expect(RECEIPT_CONCURRENCY).toBe(2);
    for (const id of ids) expect(statuses.filter((s) => s.messageId === id).map((s) => s.status)).toEqual(['Received', 'Read']);
    await until('the instructor\'s ticks', () => instructorStore.items(chatId).every((m) => 'deliveryStatus' in m && m.deliveryStatus === 'Read'));
    await until('the student\'s unread count', () => studentStore.unread === 0);
  });
  it('pushes a message its first send stored but never pushed (its process killed) when the sender resends it', async () => {
    const chatId = await f.startChat(f.student, f.instructor.accountId, { courseId: f.course.id });
    const instructorHub = connect(f.instructor, 500);
    const pushed: { id: number; message: string }[] = [];
    instructorHub.on(ChatEvent.messageCreated, (m: { id: number; message: string }) => pushed.push(m));
    await instructorHub.start();
    // the first send's process stored the message and died before pushing it
    const clientMessageId = randomUUID();
    const [row] = await t.db.insert(chatMessages).values({ chatId, senderId: f.student.accountId, text: 'сохранено до сбоя', clientMessageId }).returning();
    // the student's page resends it with its clientMessageId (another process answers)
    const res = await f.call(f.student, 'POST', `/api/Chats/${chatId}/messages/text`, { message: 'сохранено до сбоя', clientMessageId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: row.id, clientMessageId });
    await until('the push of the stored message', () => pushed.some((m) => m.id === row.id));
    expect(pushed.filter((m) => m.id === row.id)).toHaveLength(1);
  });
});
