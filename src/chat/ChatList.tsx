import { Avatar, Badge, Box, List, ListItemAvatar, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from '../app';
import { formatUnread, type ChatRecord } from '../../shared/calls/chat';
import { useDebounced } from '../ui/useDebounced';
import { visuallyHidden } from '../ui/visuallyHidden';
import type { ChatStore } from './chatStore';

/** Initials readable on their circle in both themes (MUI's grey circle is 1.75:1) */
export const avatarColours = { bgcolor: 'primary.main', color: 'primary.contrastText' } as const;

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
                <Avatar src={avatarOf(c)} alt="" sx={avatarColours}>{c.name.charAt(0)}</Avatar>
              </Badge>
            </ListItemAvatar>
            <ListItemText
              primary={c.name + (c.isMember ? '' : ` · ${translate('app.chat.moderation')}`)}
              // which course the chat belongs to (an instructor has students of many), then the last message
              secondary={
                <>
                  {c.courseLabel && (
                    <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 500 }} data-testid="chat-course">
                      {translate('app.chat.course', { label: c.courseLabel })}
                    </Box>
                  )}
                  <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {last(c)}
                  </Box>
                </>
              }
              slotProps={{ primary: { noWrap: true } }}
            />
            {c.unreadMessagesCount > 0 && <span style={visuallyHidden}>{translate('app.chat.unread', { count: c.unreadMessagesCount })}</span>}
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
