import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import { Avatar, Box, Dialog, DialogTitle, IconButton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from '../app';
import { chatCalls, type ChatRecord } from '../../shared/calls/chat';
import { callApi } from '../http/client';
import { useChatStore, type ChatOpening } from './ChatContext';
import { ChatAnnouncer } from './ChatAnnouncer';
import { avatarColours, avatarOf, ChatList } from './ChatList';
import { ChatThread, type ThreadTarget } from './ChatThread';
import type { LiveChat } from './liveChat';

/**
 * The chat modal (spec 1 §2.7): 'Чат', 1200 wide; the chat list on the left, the chosen chat on the
 * right ('Выберите чат' when none). Opened on a person, it finds their chat or starts a temporary
 * one that is created with the first message (spec 2 §5).
 */
export default function ChatModal({ live, opening, onClose }: { live: LiveChat; opening: ChatOpening; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const store = useChatStore(live.store)!;
  const [target, setTarget] = useState<ThreadTarget | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    if (opening.chatId) setTarget({ chatId: opening.chatId, name: '', picture: undefined, isMember: true, canModerate: false });
    else if (opening.userId) {
      const userId = opening.userId;
      callApi(chatCalls.withUser, { params: { userId } })
        .then((who) => {
          const name = `${who.lastName} ${who.firstName}`.trim();
          const picture = who.imageId ? `/api/files/${who.imageId}` : undefined;
          setTarget(who.chatId ? { chatId: who.chatId, name, picture, isMember: true, canModerate: false } : { userId, courseId: opening.courseId, name, picture, isMember: true, canModerate: false });
        })
        .catch(() => setError(translate('app.chat.checkError')));
    }
  }, [opening, translate]);

  const select = (c: ChatRecord) => setTarget({ chatId: c.id, name: c.name, picture: avatarOf(c), isMember: c.isMember, canModerate: c.canModerate });
  // a chat from the list names its person; one opened by id takes its name once the list has it
  const known = target && 'chatId' in target ? store.chats.find((c) => c.id === target.chatId) : undefined;
  const shown = target && known && !target.name ? { ...target, name: known.name, picture: avatarOf(known), isMember: known.isMember, canModerate: known.canModerate } : target;

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth={false} slotProps={{ paper: { sx: { width: 1200, maxWidth: '100%', height: phone ? '100%' : '80vh' } } }} aria-labelledby="chat-title">
      <DialogTitle id="chat-title" sx={{ display: 'flex', alignItems: 'center', py: 1 }}>
        <Box sx={{ flex: 1 }}>{translate('app.chat.title')}</Box>
        <IconButton aria-label={translate('app.chat.close')} onClick={onClose}><CloseIcon /></IconButton>
      </DialogTitle>
      <ChatAnnouncer store={store} />
      <Stack direction="row" sx={{ flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }}>
        {(!phone || !shown) && (
          <Box sx={{ width: phone ? '100%' : 340, borderRight: phone ? 0 : 1, borderColor: 'divider', minHeight: 0 }}>
            <ChatList store={store} selected={shown && 'chatId' in shown ? shown.chatId : null} onSelect={select} />
          </Box>
        )}
        {(!phone || shown) && (
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {error && <Typography color="error" sx={{ p: 2 }}>{error}</Typography>}
            {!error && !shown && <Typography color="text.secondary" sx={{ m: 'auto' }}>{translate('app.chat.choose')}</Typography>}
            {shown && (
              <>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1, borderBottom: 1, borderColor: 'divider' }}>
                  {/* a phone shows one close (the modal's): here it goes back to the list, on the left */}
                  {phone && (
                    <IconButton aria-label={translate('app.chat.back')} onClick={() => setTarget(null)} data-testid="chat-thread-back">
                      <ArrowBackIcon />
                    </IconButton>
                  )}
                  <Avatar src={shown.picture} alt="" sx={avatarColours}>{shown.name.charAt(0)}</Avatar>
                  <Typography sx={{ flex: 1 }} noWrap data-testid="chat-interlocutor">{shown.name}</Typography>
                  {!phone && (
                    <IconButton aria-label={translate('app.chat.closeThread')} onClick={() => setTarget(null)} data-testid="chat-thread-close">
                      <CloseIcon />
                    </IconButton>
                  )}
                </Stack>
                <ChatThread key={'chatId' in shown ? `c${shown.chatId}` : `u${shown.userId}`} store={store} target={shown} onCreated={(chatId) => setTarget({ ...shown, chatId })} />
              </>
            )}
          </Box>
        )}
      </Stack>
    </Dialog>
  );
}
