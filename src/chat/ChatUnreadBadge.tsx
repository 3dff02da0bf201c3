import type { ReactElement } from 'react';
import { useTranslate } from '../app';
import { formatUnread } from '../../shared/chat';
import { CountBadge } from '../ui/CountBadge';
import { useChatStore } from './ChatContext';
import type { ChatStore } from './chatStore';

export default function ChatUnreadBadge({ store, icon }: { store: ChatStore; icon: ReactElement }) {
  const translate = useTranslate();
  const count = useChatStore(store)?.unread ?? 0;
  return <CountBadge count={count} shown={formatUnread(count)} max={Number.MAX_SAFE_INTEGER} icon={icon} label={translate('app.chat.unread', { count })} testId="chat-menu-unread" />;
}
