import { Avatar, Badge, Box, List, ListItemAvatar, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from '../app';
import { formatUnread, type ChatRecord } from '../../shared/calls/chat';
import { useDebounced } from '../ui/useDebounced';
import type { ChatStore } from './chatStore';

/** Read by screen readers, not shown (MUI's visuallyHidden, without its package). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export const avatarOf = (chat: ChatRecord) => chat.interlocutor?.picture ?? (chat.imageId ? `/api/files/${chat.imageId}` : undefined);

/** The left side of the chat modal: search (debounced 500 ms) and the chats, latest first, with unread counts. */
export function ChatList({ store, selected, onSelect }: { store: ChatStore; selected: number | null; onSelect: (chat: ChatRecord) => void }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 500);
  const [error, setError] = useState(false);
  useEffect(() => {
    setError(false);
    store.loadChats(term).catch(() => setError(true));
  }, [store, term]);
  const last = (c: ChatRecord) => (c.lastMessage?.isBlocked ? translate('app.chat.blocked') : c.lastMessage?.message || c.lastMessage?.attachments[0]?.fileName || '');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <TextField size="small" placeholder={translate('app.chat.search')} value={search} onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { 'aria-label': translate('app.chat.search') } }} sx={{ m: 1 }} />
      {error && <Typography color="error" sx={{ p: 2 }}>{translate('app.chat.listError')}</Typography>}
      {!error && store.chats.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>{translate(term ? 'app.chat.noMatch' : 'app.chat.listEmpty')}</Typography>
      )}
      <List dense sx={{ overflowY: 'auto', flex: 1 }} aria-label={translate('app.chat.title')}>
        {store.chats.map((c) => (
          <ListItemButton key={c.id} selected={c.id === selected} onClick={() => onSelect(c)} data-testid={`chat-${c.id}`}>
            <ListItemAvatar>
              {/* the badge's number for the eye; its words (with the noun that agrees) for a screen reader, below */}
              <Badge
                color="primary"
                badgeContent={c.unreadMessagesCount ? formatUnread(c.unreadMessagesCount) : 0}
                max={Number.MAX_SAFE_INTEGER}
                data-testid="chat-unread"
                slotProps={{ badge: { 'aria-hidden': true } }}
              >
                <Avatar src={avatarOf(c)} alt="">{c.name.charAt(0)}</Avatar>
              </Badge>
            </ListItemAvatar>
            <ListItemText
              primary={c.name + (c.isMember ? '' : ` · ${translate('app.chat.moderation')}`)}
              secondary={last(c)}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
            {c.unreadMessagesCount > 0 && <Box component="span" sx={visuallyHidden}>{translate('app.chat.unread', { count: c.unreadMessagesCount })}</Box>}
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
