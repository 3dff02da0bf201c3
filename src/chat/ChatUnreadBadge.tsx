import { Badge } from '@mui/material';
import type { ReactElement } from 'react';
import { formatUnread } from '../../shared/chat';
import { useChatStore } from './ChatContext';
import type { ChatStore } from './chatStore';

export default function ChatUnreadBadge({ store, icon }: { store: ChatStore; icon: ReactElement }) {
  const count = useChatStore(store)?.unread ?? 0;
  return (
    <Badge color="error" badgeContent={count ? formatUnread(count) : 0} max={Number.MAX_SAFE_INTEGER} data-testid="chat-menu-unread">
      {icon}
    </Badge>
  );
}
