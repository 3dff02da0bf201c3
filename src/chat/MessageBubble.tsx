import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { alpha, Box, Button, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocaleState, useTranslate } from '../app';
import { formatFullMoment, formatTime } from '../ui/dates';
import { chatCalls } from '../../shared/calls/chat';
import { callApi } from '../http/client';
import type { ChatStore, ThreadItem } from './chatStore';

/**
 * One message. Someone else's sets Received when it enters the view and Read when it is fully
 * visible (spec 2 §5); the sender sees ticks (sent, delivered, read), Pending and Fail with retry.
 */
export function MessageBubble({ store, item, first, root, canModerate, onRetry }: { store: ChatStore; item: ThreadItem; first: boolean; root: RefObject<HTMLDivElement | null>; canModerate: boolean; onRetry: (localId: string) => void }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const ref = useRef<HTMLDivElement>(null);
  const own = item.localId !== undefined || item.member.id === store.me;
  const needsReceipt = item.localId === undefined && !own && item.currentUserMessageStatus !== 'Read';
  const chatId = item.localId === undefined ? item.chatId : null;
  const messageId = item.localId === undefined ? item.id : null;

  useEffect(() => {
    const el = ref.current;
    if (!needsReceipt || !el || chatId === null || messageId === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.intersectionRatio > 0) store.seen(chatId, messageId, 'Received');
          if (e.intersectionRatio >= 0.99) store.seen(chatId, messageId, 'Read');
        }
      },
      { root: root.current, threshold: [0, 0.99] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [needsReceipt, chatId, messageId, store, root]);

  const time = formatTime(item.createdDateTime, language);
  const full = formatFullMoment(item.createdDateTime, language);
  const blocked = item.localId === undefined && item.isBlocked;
  const status = () => {
    if (item.localId !== undefined) {
      return item.sendingStatus === 'Pending' ? (
        <ScheduleIcon role="img" aria-hidden={false} sx={{ fontSize: 16 }} aria-label={translate('app.chat.sending')} />
      ) : (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'error.main' }}>
          <ErrorOutlineIcon fontSize="inherit" />
          <span>{translate('app.chat.sendFailed')}</span>
          <Button size="small" onClick={() => onRetry(item.localId)}>{translate('app.chat.retry')}</Button>
        </Stack>
      );
    }
    if (!own || !item.deliveryStatus) return null;
    const label = translate(`app.chat.delivery.${item.deliveryStatus}`);
    const Icon = item.deliveryStatus === 'Send' ? DoneIcon : DoneAllIcon;
    // 16 px and ≥ 3:1 on the bubble in both themes (a UI part); read: the primary colour, else the time's
    return (
      <Tooltip title={label}>
        <Icon
          role="img"
          aria-label={label}
          aria-hidden={false}
          sx={{ fontSize: 16, color: item.deliveryStatus === 'Read' ? 'primary.main' : 'text.secondary' }}
          data-status={item.deliveryStatus}
        />
      </Tooltip>
    );
  };

  return (
    <Box ref={ref} sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start', mt: first ? 1.5 : 0.5 }} data-testid="chat-message">
      {/* a light tint of the primary colour for one's own: the text, the time and the ticks keep their contrast on it */}
      <Box sx={{ maxWidth: '75%', px: 1.5, py: 1, borderRadius: 2, bgcolor: (t) => (own ? alpha(t.palette.primary.main, 0.12) : t.palette.action.hover) }}>
        {blocked ? (
          <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{translate('app.chat.blocked')}</Typography>
        ) : (
          <>
            {item.message && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.message}</Typography>}
            {item.localId !== undefined && item.file && <Typography variant="body2">{item.file.name}</Typography>}
            {item.localId === undefined &&
              item.attachments.map((a) => (
                <Link key={a.id} href={`/api/Chats/filestorage/${a.id}`} download={a.fileName} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {a.fileName}
                </Link>
              ))}
          </>
        )}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', typography: 'caption', color: 'text.secondary' }}>
          <Tooltip title={full}><span>{time}</span></Tooltip>
          {status()}
          {canModerate && !blocked && item.localId === undefined && (
            <Button size="small" color="warning" onClick={() => void callApi(chatCalls.block, { params: { chatRoomId: item.chatId, messageId: item.id } }).then(() => store.open(item.chatId))}>
              {translate('app.chat.block')}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
