import { useRef, useSyncExternalStore } from 'react';
import { useTranslate } from '../app';
import type { ChatStore } from './chatStore';

/** Out of sight, not out of a screen reader's hearing. */
const hidden = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * A polite live region that reads out each message someone else sends while the page is open
 * («Новое сообщение от Ивановой Анны: …»). Only messages that arrive after it is on the page are
 * read: the region is there, empty, before the first one. The chat modal renders its own while
 * open (a modal hides the rest of the page from screen readers).
 */
export function ChatAnnouncer({ store }: { store: ChatStore }) {
  const translate = useTranslate();
  // the store's own subscription (not ChatContext's hook: that module renders this one)
  useSyncExternalStore(store.subscribe.bind(store), store.snapshot);
  const since = useRef(store.incoming?.seq ?? 0);
  const m = store.incoming;
  let text = '';
  if (m && m.seq > since.current) {
    const name = store.chats.find((c) => c.id === m.chatId)?.name;
    const body = m.text.length > 200 ? `${m.text.slice(0, 200)}…` : m.text;
    text = name ? translate('app.chat.newMessageFrom', { name, text: body }) : translate('app.chat.newMessage', { text: body });
  }
  return (
    <div role="status" aria-live="polite" aria-atomic="true" style={hidden} data-testid="chat-announcer">
      {text}
    </div>
  );
}
