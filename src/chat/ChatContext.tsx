import { Suspense, createContext, lazy, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CHAT_CONNECT_DELAY_MS } from '../../shared/chat';
import { useAccount } from '../layout/useAccount';
import { ChatAnnouncer } from './ChatAnnouncer';
import type { ChatStore } from './chatStore';
import type { LiveChat } from './liveChat';

const ChatModal = lazy(() => import('./ChatModal'));

/** What the widget opens on: nothing chosen, a chat, or a person (their chat, or a new one on first send). */
export interface ChatOpening {
  chatId?: number;
  userId?: number;
  courseId?: number;
}

interface ChatApi {
  live: LiveChat | null;
  open(opening?: ChatOpening): void;
}

const ChatContext = createContext<ChatApi>({ live: null, open: () => undefined });
const OpenChatContext = createContext<ChatApi['open']>(() => undefined);

export const useChat = () => useContext(ChatContext);

/**
 * Opens the chat modal. The function never changes, so a part that only opens the chat (the menu's
 * item, a course's «Начать чат») does not re-render when the live chat connects.
 */
export const useOpenChat = () => useContext(OpenChatContext);

/** Re-renders on every change of the store. */
export function useChatStore(store: ChatStore | null | undefined): ChatStore | null {
  useSyncExternalStore(store ? store.subscribe.bind(store) : () => () => undefined, store ? store.snapshot : () => 0);
  return store ?? null;
}

/**
 * The chat of the signed-in account, for the whole app: connects 500 ms after the account is known
 * (spec 2 §9), disconnects when the account changes or signs out, and shows the chat modal
 * (spec 1 §2.7) when something opens it (the menu's Chat item, «Начать чат» on a course page).
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { account } = useAccount();
  const accountId = account && account.role !== 'Guest' ? account.accountId : null;
  const [live, setLive] = useState<LiveChat | null>(null);
  const [opening, setOpening] = useState<ChatOpening | null>(null);

  useEffect(() => {
    if (accountId === null) return;
    let cancelled = false;
    let started: LiveChat | null = null;
    const timer = setTimeout(() => {
      // a chat that cannot start (chunk or hub unavailable) leaves the page as it is: no chat, no error
      import('./liveChat')
        .then(({ startLiveChat }) => {
          if (cancelled) return;
          started = startLiveChat(accountId);
          setLive(started);
        })
        .catch(() => undefined);
    }, CHAT_CONNECT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      void started?.stop();
      setLive(null);
      setOpening(null);
    };
  }, [accountId]);

  const open = useCallback((o: ChatOpening = {}) => setOpening(o), []);
  const value = useMemo(() => ({ live, open }), [live, open]);
  return (
    <OpenChatContext.Provider value={open}>
      <ChatContext.Provider value={value}>
        {children}
        {live && !opening && <ChatAnnouncer store={live.store} />}
        {opening && live && (
          <Suspense fallback={null}>
            <ChatModal live={live} opening={opening} onClose={() => setOpening(null)} />
          </Suspense>
        )}
      </ChatContext.Provider>
    </OpenChatContext.Provider>
  );
}
