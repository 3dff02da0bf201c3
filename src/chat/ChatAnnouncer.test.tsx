import { act, render, screen } from '@testing-library/react';
import type { HubConnection } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { ChatEvent, type ChatMessageRecord, type ChatRecord } from '../../shared/calls/chat';
import '../../tests/unit/support/cleanup';
import { ChatAnnouncer } from './ChatAnnouncer';
import { ChatStore, type Api } from './chatStore';

/** A hub that lets the test push its events. */
function fakeHub() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const connection = { on: (name: string, fn: (payload: unknown) => void) => handlers.set(name, fn) } as unknown as HubConnection;
  return { connection, push: (name: string, payload: unknown) => handlers.get(name)!(payload) };
}

const message = (id: number, senderId: number, text: string): ChatMessageRecord => ({
  id,
  chatId: 3,
  type: 'Text',
  message: text,
  createdDateTime: '2026-05-01T10:00:00Z',
  member: { id: senderId, imageId: null },
  attachments: [],
  currentUserMessageStatus: null,
  deliveryStatus: null,
  isBlocked: false,
  clientMessageId: null,
} as unknown as ChatMessageRecord);

describe('the chat announcer', () => {
  it('reads out each message others send after it is on the page, politely, with the sender; not one’s own', async () => {
    // every call answers an empty list (the store reloads the list and the count after a push)
    const api = (async () => ({ data: [], count: 0 })) as unknown as Api;
    const store = new ChatStore(api, 1);
    store.chats = [{ id: 3, name: 'Иванова Анна' } as ChatRecord];
    const hub = fakeHub();
    store.attach(hub.connection);
    // a message before the region is there is not read out later
    act(() => hub.push(ChatEvent.messageCreated, message(10, 2, 'старое')));
    render(<ChatAnnouncer store={store} />);
    const region = screen.getByTestId('chat-announcer');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    store.chats = [{ id: 3, name: 'Иванова Анна' } as ChatRecord];
    act(() => hub.push(ChatEvent.messageCreated, message(11, 2, 'Добрый день')));
    expect(region).toHaveTextContent('app.chat.newMessageFrom');
    // one's own message is not announced: the last one from others stays
    act(() => hub.push(ChatEvent.messageCreated, message(12, 1, 'моё')));
    expect(store.incoming?.text).toBe('Добрый день');
  });
});
