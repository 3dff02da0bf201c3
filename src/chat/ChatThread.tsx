import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from '../app';
import { formatDayMonth } from '../ui/dates';
import { CHAT_MESSAGE_MAX } from '../../shared/calls/chat';
import type { ChatStore, ChatTarget } from './chatStore';
import { MessageBubble } from './MessageBubble';

/** The chosen chat: an existing one, or a person with no chat yet (spec 2 §5 temporary chat). */
export type ThreadTarget = ({ chatId: number } | { userId: number; courseId?: number }) & { name: string; picture?: string; isMember: boolean; canModerate: boolean };

const dayKey = (iso: string) => new Date(iso).toDateString();

/**
 * The messages of one chat, oldest at the top, grouped by day ('Сегодня' or 'D MMMM') and by sender
 * (spec 1 §2.7), with the input below: text or one file, the send button only when there is
 * something to send (spec 2 §6).
 */
export function ChatThread({ store, target, onCreated }: { store: ChatStore; target: ThreadTarget; onCreated: (chatId: number) => void }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const chatId = 'chatId' in target ? target.chatId : null;
  const [error, setError] = useState(false);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const items = store.items(chatId);

  useEffect(() => {
    if (chatId !== null) store.open(chatId).catch(() => setError(true));
  }, [store, chatId]);

  // keep the latest message in view as messages arrive
  const lastKey = items.length ? (items[items.length - 1].localId ?? items[items.length - 1].createdDateTime) : '';
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  const route: ChatTarget = 'chatId' in target ? { chatId: target.chatId } : { userId: target.userId, courseId: target.courseId };
  const send = () => {
    const message = text.trim();
    if (!message && !file) return;
    setText('');
    setFile(null);
    void store.send(route, message, file).then((id) => {
      if (id !== null && chatId === null) onCreated(id);
    });
  };
  const dayLabel = (iso: string) =>
    dayKey(iso) === new Date().toDateString() ? translate('app.chat.today') : formatDayMonth(iso, language);

  return (
    <>
      <Box ref={scroller} sx={{ flex: 1, overflowY: 'auto', p: 2, minHeight: 0 }} data-testid="chat-messages">
        {error && <Typography color="error">{translate('app.chat.messagesError')}</Typography>}
        {chatId !== null && store.hasOlder(chatId) && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => void store.loadOlder(chatId).catch(() => setError(true))}>{translate('app.chat.older')}</Button>
          </Box>
        )}
        {!error && items.length === 0 && <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>{translate('app.chat.empty')}</Typography>}
        {items.map((item, i) => {
          const prev = items[i - 1];
          const newDay = !prev || dayKey(prev.createdDateTime) !== dayKey(item.createdDateTime);
          const senderOf = (x: typeof item) => (x.localId !== undefined ? store.me : x.member.id);
          const newSender = newDay || senderOf(prev) !== senderOf(item);
          return (
            <Box key={item.localId ?? `m${item.id}`}>
              {newDay && (
                <Box sx={{ textAlign: 'center', my: 1 }}>
                  <Chip size="small" label={dayLabel(item.createdDateTime)} />
                </Box>
              )}
              <MessageBubble store={store} item={item} first={newSender} root={scroller} canModerate={target.canModerate} onRetry={(localId) => void store.retry(localId, route).then((id) => id !== null && chatId === null && onCreated(id))} />
            </Box>
          );
        })}
      </Box>
      {target.isMember && (
        <Stack direction="row" spacing={1} sx={{ p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
          <input ref={fileInput} type="file" hidden onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="chat-file" />
          <IconButton aria-label={translate('app.chat.attach')} onClick={() => fileInput.current?.click()}><AttachFileIcon /></IconButton>
          <Box sx={{ flex: 1 }}>
            {file && <Chip size="small" label={file.name} onDelete={() => setFile(null)} sx={{ mb: 0.5 }} />}
            <TextField
              fullWidth
              multiline
              maxRows={5}
              size="small"
              placeholder={translate('app.chat.placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  send();
                }
              }}
              slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX, 'aria-label': translate('app.chat.placeholder') } }}
            />
          </Box>
          {(text.trim() || file) && <IconButton color="primary" aria-label={translate('app.chat.send')} onClick={send}><SendIcon /></IconButton>}
        </Stack>
      )}
    </>
  );
}
