import { Suspense, lazy, type ReactElement } from 'react';
import { useChat } from './ChatContext';

// loaded with the live chat, not with the first page (MUI's Badge is not in a learner's first load)
const ChatUnreadBadge = lazy(() => import('./ChatUnreadBadge'));

/** The Chat menu icon with the unread count, live over the hub (spec 1 §2.6; K above 999, spec 2 §9). */
export function ChatBadgeIcon({ icon }: { icon: ReactElement }) {
  const live = useChat().live;
  if (!live) return icon;
  return (
    <Suspense fallback={icon}>
      <ChatUnreadBadge store={live.store} icon={icon} />
    </Suspense>
  );
}
