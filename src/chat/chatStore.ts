import type { HubConnection } from '@microsoft/signalr';
import { CHAT_PAGE_SIZE, ChatEvent, RECEIPT_CONCURRENCY, chatCalls, type ChatMessageRecord, type ChatRecord } from '../../shared/calls/chat';
import type { callApi } from '../http/client';
import { ReceiptQueue, type ReceiptStep } from './receiptQueue';
import { newClientMessageId } from './clientMessageId';

export type Api = typeof callApi;

/** A message as the widget shows it: stored (sendingStatus None) or still the sender's own (Pending, Fail: spec 2 §5). */
export type ThreadItem =
  | (ChatMessageRecord & { sendingStatus: 'None'; localId?: undefined })
  | { localId: string; chatId: number | null; message: string; file: File | null; sendingStatus: 'Pending' | 'Fail'; createdDateTime: string; attachmentId?: number };

/** Where a message goes: an existing chat, or a person with no chat yet (the spec's temporary chat). */
export type ChatTarget = { chatId: number } | { userId: number; courseId?: number };

/** Waits between the tries of a failed catch-up (the last one repeats). */
export const CATCH_UP_RETRY_MS = [1_000, 2_000, 5_000, 10_000] as const;

interface Thread {
  messages: Map<number, ChatMessageRecord>;
  /**
   * Every message up to this id was fetched (the first page, then each catch-up): the next
   * catch-up starts after it. Not the newest id shown: a push that arrives after a reconnect but
   * before (or during) the catch-up would make it skip what was missed while away.
   */
  syncedTo: number;
  /** how many the server has (for "more while page*length < count") */
  count: number;
  pagesLoaded: number;
}


/**
 * The chat's client state, without React: the chat list, the unread count, the loaded messages of
 * each opened chat and the messages being sent. Pushes from the hub and answers of the calls are
 * merged by message id, so a message is shown once whatever path brought it; after a reconnect
 * `catchUp` fetches what came while away (…/messages?afterId=).
 */
export class ChatStore {
  chats: ChatRecord[] = [];
  chatCount = 0;
  unread = 0;
  /** the latest message someone else sent, as it came over the hub (what the page announces); `seq` grows with each */
  incoming: { seq: number; chatId: number; senderId: number | null; text: string } | null = null;
  private readonly threads = new Map<number, Thread>();
  private pending: Extract<ThreadItem, { localId: string }>[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly receipts = new ReceiptQueue(RECEIPT_CONCURRENCY);
  private version = 0;

  constructor(private readonly api: Api, readonly me: number) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes with every change (for useSyncExternalStore). */
  snapshot = (): number => this.version;

  private emit(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Listens to the hub's events (spec 3 §7.5: message created, status changed). */
  attach(connection: HubConnection): void {
    connection.on(ChatEvent.messageCreated, (m: ChatMessageRecord) => this.received(m));
    connection.on(ChatEvent.statusChanged, (e: { chatId: number; messageId: number; accountId: number; status: ReceiptStep }) => this.statusChanged(e));
    connection.on(ChatEvent.messageBlocked, (e: { chatId: number; messageId: number }) => void this.refetchMessage(e.chatId));
  }

  async loadChats(search?: string): Promise<void> {
    const answer = await this.api(chatCalls.list, { query: { page: 1, length: 100, search: search || undefined } });
    this.chats = answer.data;
    this.chatCount = answer.count;
    this.emit();
  }

  async loadUnread(): Promise<void> {
    this.unread = (await this.api(chatCalls.unreadCount)).count;
    this.emit();
  }

  isLoaded(chatId: number): boolean {
    return this.threads.has(chatId);
  }

  /** Loads the latest page of a chat (again: merged, nothing doubled). */
  async open(chatId: number): Promise<void> {
    const answer = await this.api(chatCalls.messages, { params: { chatRoomId: chatId }, query: { page: 1, length: CHAT_PAGE_SIZE } });
    const thread = this.thread(chatId);
    thread.count = answer.count;
    thread.pagesLoaded = Math.max(thread.pagesLoaded, 1);
    if (thread.syncedTo === 0) thread.syncedTo = Math.max(0, ...answer.data.map((m) => m.id));
    this.merge(answer.data);
  }

  hasOlder(chatId: number): boolean {
    const t = this.threads.get(chatId);
    return !!t && t.pagesLoaded * CHAT_PAGE_SIZE < t.count;
  }

  async loadOlder(chatId: number): Promise<void> {
    const thread = this.thread(chatId);
    const page = thread.pagesLoaded + 1;
    const answer = await this.api(chatCalls.messages, { params: { chatRoomId: chatId }, query: { page, length: CHAT_PAGE_SIZE } });
    thread.count = answer.count;
    thread.pagesLoaded = page;
    this.merge(answer.data);
  }

  /** After a (re)connect: the messages each opened chat missed, in order, then the list and the count. */
  async catchUp(): Promise<void> {
    for (const [chatId, thread] of this.threads) {
      for (;;) {
        const answer = await this.api(chatCalls.messages, { params: { chatRoomId: chatId }, query: { afterId: thread.syncedTo, length: 100 } });
        thread.count = answer.count;
        thread.syncedTo = Math.max(thread.syncedTo, ...answer.data.map((m) => m.id));
        this.merge(answer.data);
        if (answer.data.length < 100) break;
      }
    }
    await Promise.all([this.loadChats(), this.loadUnread()]);
  }

  private catchUps = 0;

  /**
   * The catch-up after a (re)connect, tried again until it succeeds: right after a server process
   * died, the first calls may still meet it through the load balancer (502), and a catch-up given
   * up would leave the missed messages out until the next reconnect. A newer connect's catch-up
   * (or `stopped()`) ends the older one.
   */
  async catchUpUntilDone(stopped: () => boolean = () => false, waits: readonly number[] = CATCH_UP_RETRY_MS): Promise<void> {
    const mine = ++this.catchUps;
    for (let i = 0; !stopped() && mine === this.catchUps; i++) {
      try {
        await this.catchUp();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, waits[Math.min(i, waits.length - 1)]));
      }
    }
  }

  /** The chat's messages, oldest first, with those still being sent at the end. */
  items(chatId: number | null): ThreadItem[] {
    const stored = chatId === null ? [] : [...(this.threads.get(chatId)?.messages.values() ?? [])].sort((a, b) => a.id - b.id);
    return [...stored.map((m) => ({ ...m, sendingStatus: 'None' as const })), ...this.pending.filter((p) => p.chatId === chatId)];
  }

  /**
   * Sends a message, shown at once as Pending (spec 2 §5). With no chat yet: the file is uploaded
   * first, then the chat created, then the message sent. Resolves with the chat id.
   */
  async send(target: ChatTarget, message: string, file: File | null = null): Promise<number | null> {
    // the local id is the message's client id too: a retry after a lost answer is stored once
    const item = { localId: newClientMessageId(), chatId: 'chatId' in target ? target.chatId : null, message, file, sendingStatus: 'Pending' as const, createdDateTime: new Date().toISOString() };
    this.pending.push(item);
    this.emit();
    return this.deliver(item.localId, target);
  }

  /** Sends a failed message again (Fail → Pending). */
  retry(localId: string, target: ChatTarget): Promise<number | null> {
    this.pending = this.pending.map((p) => (p.localId === localId ? { ...p, sendingStatus: 'Pending' as const } : p));
    this.emit();
    return this.deliver(localId, target);
  }

  private async deliver(localId: string, target: ChatTarget): Promise<number | null> {
    const item = this.pending.find((p) => p.localId === localId);
    if (!item) return null;
    try {
      // a retry reuses the file already uploaded
      if (item.file && item.attachmentId === undefined) item.attachmentId = (await this.upload(item.file)).id;
      const attachments = item.attachmentId === undefined ? [] : [item.attachmentId];
      const chatId = 'chatId' in target ? target.chatId : (await this.api(chatCalls.start, { params: { userId: target.userId }, body: { courseId: target.courseId } })).id;
      this.thread(chatId);
      const record = await this.api(chatCalls.sendText, { params: { chatRoomId: chatId }, body: { message: item.message, attachments, clientMessageId: item.localId } });
      this.pending = this.pending.filter((p) => p.localId !== localId);
      this.merge([record]);
      if (!('chatId' in target)) void this.loadChats();
      return chatId;
    } catch {
      this.pending = this.pending.map((p) => (p.localId === localId ? { ...p, sendingStatus: 'Fail' as const } : p));
      this.emit();
      return null;
    }
  }

  private upload(file: File) {
    const body = new FormData();
    body.append('file', file);
    return this.api(chatCalls.upload, { body });
  }

  /** The reader saw someone else's message (partly: Received; fully: Read). */
  seen(chatId: number, messageId: number, step: ReceiptStep): void {
    const m = this.threads.get(chatId)?.messages.get(messageId);
    if (!m || m.member.id === this.me || m.currentUserMessageStatus === 'Read' || m.currentUserMessageStatus === step) return;
    const call = step === 'Read' ? chatCalls.read : chatCalls.received;
    this.receipts.push(messageId, step, async () => {
      const answer = await this.api(call, { params: { chatRoomId: chatId, messageId } });
      this.setStatus(chatId, messageId, answer.status);
    });
  }

  private received(m: ChatMessageRecord): void {
    if (m.member.id === this.me) {
      // our own message pushed before its call answered: it replaces its pending twin (shown once)
      const twin = this.pending.find((p) => p.localId === m.clientMessageId);
      if (twin) this.pending = this.pending.filter((p) => p !== twin);
    }
    const loaded = this.threads.has(m.chatId);
    const known = this.threads.get(m.chatId)?.messages.has(m.id) ?? false;
    if (m.member.id !== this.me && !m.isBlocked && !known) {
      this.incoming = { seq: (this.incoming?.seq ?? 0) + 1, chatId: m.chatId, senderId: m.member.id, text: m.message || m.attachments[0]?.fileName || '' };
    }
    if (loaded) this.merge([m]);
    // the counts, the list's order and its last message come from the server: a push may cross a
    // catch-up's fetch, so adding locally could count a message twice
    if (m.member.id !== this.me) void this.loadUnread().catch(() => undefined);
    void this.loadChats().catch(() => undefined);
    if (!loaded) this.emit();
  }

  private statusChanged(e: { chatId: number; messageId: number; accountId: number; status: ReceiptStep }): void {
    const m = this.threads.get(e.chatId)?.messages.get(e.messageId);
    if (e.accountId === this.me) {
      // another tab of ours gave a receipt: the counts change
      if (e.status === 'Read') void this.loadUnread().catch(() => undefined);
      if (m) this.setStatus(e.chatId, e.messageId, e.status);
      return;
    }
    if (m && m.member.id === this.me) {
      const order = { Send: 0, Received: 1, Read: 2 } as const;
      if (order[e.status] > order[m.deliveryStatus ?? 'Send']) this.threads.get(e.chatId)!.messages.set(m.id, { ...m, deliveryStatus: e.status });
      this.emit();
    }
  }

  private setStatus(chatId: number, messageId: number, status: ReceiptStep): void {
    const thread = this.threads.get(chatId);
    const m = thread?.messages.get(messageId);
    if (!thread || !m || m.currentUserMessageStatus === 'Read') return;
    thread.messages.set(messageId, { ...m, currentUserMessageStatus: status });
    if (status === 'Read') {
      const chat = this.chats.find((c) => c.id === chatId);
      if (chat) chat.unreadMessagesCount = Math.max(0, chat.unreadMessagesCount - 1);
      void this.loadUnread().catch(() => undefined);
    }
    this.emit();
  }

  private async refetchMessage(chatId: number): Promise<void> {
    if (this.threads.has(chatId)) await this.open(chatId);
  }

  private thread(chatId: number): Thread {
    let t = this.threads.get(chatId);
    if (!t) this.threads.set(chatId, (t = { messages: new Map(), syncedTo: 0, count: 0, pagesLoaded: 0 }));
    return t;
  }

  private merge(records: ChatMessageRecord[]): void {
    for (const r of records) {
      const thread = this.thread(r.chatId);
      if (!thread.messages.has(r.id)) thread.count = Math.max(thread.count, thread.messages.size + 1);
      thread.messages.set(r.id, r);
      this.receipts.know(r.id, r.currentUserMessageStatus);
    }
    this.emit();
  }
}
