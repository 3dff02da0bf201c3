import { describe, expect, it } from 'vitest';
import { chatCalls, type ChatMessageRecord } from '../../shared/calls/chat';
import { ChatStore, type Api } from '../../src/chat/chatStore';

/**
 * The catch-up after a reconnect (src/chat/liveChat.ts) behind a load balancer: right after a
 * server process died, the first call may still reach it (502). The fault scenario
 * (tests/bench/faults.mjs) saw a page give up there and miss every message of its later chats.
 */
const record = (id: number, chatId: number): ChatMessageRecord => ({
  id,
  chatId,
  type: 'Text',
  message: `m${id}`,
  createdDateTime: new Date(0).toISOString(),
  member: { id: 2, imageId: null },
  attachments: [],
  currentUserMessageStatus: null,
  deliveryStatus: null,
  isBlocked: false,
  clientMessageId: null,
});

/** A fake of the typed client: the messages call fails `failures` times, then answers what is after `afterId`. */
function fakeApi(stored: ChatMessageRecord[], failures: number) {
  let failed = 0;
  const calls: string[] = [];
  const api = (async (call: unknown, args?: { params?: { chatRoomId: number }; query?: { afterId?: number } }) => {
    if (call === chatCalls.messages) {
      calls.push(`messages ${args?.params?.chatRoomId} after ${args?.query?.afterId}`);
      if (failed < failures) {
        failed++;
        throw Object.assign(new Error('Bad Gateway'), { status: 502 });
      }
      const chatId = args!.params!.chatRoomId;
      const after = args?.query?.afterId ?? 0;
      const data = stored.filter((m) => m.chatId === chatId && m.id > after);
      return { data, count: data.length };
    }
    if (call === chatCalls.list) return { data: [], count: 0 };
    if (call === chatCalls.unreadCount) return { count: 0 };
    throw new Error('unexpected call');
  }) as unknown as Api;
  return { api, calls };
}

async function storeWith(stored: ChatMessageRecord[], failures: number) {
  const { api, calls } = fakeApi(stored, 0);
  const store = new ChatStore(api, 1);
  await store.open(1);
  await store.open(2);
  // the messages written while the page was away
  const later = [...stored, record(10, 1), record(11, 2), record(12, 2)];
  const failing = fakeApi(later, failures);
  (store as unknown as { api: Api }).api = failing.api;
  return { store, calls: failing.calls, openCalls: calls };
}

describe('the chat catch-up after a reconnect', () => {
  it('tries again after a failed call until every chat has what it missed, once and in order', async () => {
    const { store, calls } = await storeWith([record(1, 1), record(2, 2)], 2);
    await store.catchUpUntilDone(() => false, [1]);
    expect(store.items(1).map((m) => ('id' in m ? m.id : null))).toEqual([1, 10]);
    expect(store.items(2).map((m) => ('id' in m ? m.id : null))).toEqual([2, 11, 12]);
    expect(calls.length).toBeGreaterThanOrEqual(4); // two failures, then both chats
  });

  it('the plain catch-up gives up at the first failure (what the retry is for)', async () => {
    const { store } = await storeWith([record(1, 1), record(2, 2)], 1);
    await expect(store.catchUp()).rejects.toThrow('Bad Gateway');
    expect(store.items(2).map((m) => ('id' in m ? m.id : null))).toEqual([2]);
  });

  it('stops trying when the chat is closed', async () => {
    const { store, calls } = await storeWith([record(1, 1)], 1_000);
    let stopped = false;
    const done = store.catchUpUntilDone(() => stopped, [5]);
    await new Promise((r) => setTimeout(r, 30));
    stopped = true;
    await done;
    const n = calls.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.length).toBe(n);
  });
  it('fetches from the last message it fetched, not from a newer one pushed after the reconnect', async () => {
    const { store, calls } = await storeWith([record(1, 1), record(2, 2)], 0);
    // right after the reconnect, before the catch-up: a live push of a newer message
    (store as unknown as { received(m: ChatMessageRecord): void }).received(record(13, 2));
    await store.catchUpUntilDone(() => false, [1]);
    expect(calls).toContain('messages 2 after 2');
    expect(store.items(2).map((m) => ('id' in m ? m.id : null))).toEqual([2, 11, 12, 13]);
  });
});
