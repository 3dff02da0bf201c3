import { Badge } from '@mui/material';
import type { ReactElement } from 'react';
import { formatUnread } from '../../shared/calls/chat';
import { useChat, useChatStore } from './ChatContext';

/** The Chat menu icon with the unread count, live over the hub (spec 1 §2.6; K above 999, spec 2 §9). */
export function ChatBadgeIcon({ icon }: { icon: ReactElement }) {
  const store = useChatStore(useChat().live?.store);
  const count = store?.unread ?? 0;
  return (
    <Badge color="error" badgeContent={count ? formatUnread(count) : 0} max={Number.MAX_SAFE_INTEGER} data-testid="chat-menu-unread">
      {icon}
    </Badge>
  );
}
