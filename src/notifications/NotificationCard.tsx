import { Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from '../app';
import type { NotificationItem } from '../../shared/calls/notifications';
import { useDates } from '../ui/dates';

/** One notification: its text, date and type; a read one is dimmed and labelled read (spec 1 §2.3). */
export function NotificationCard({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <Card variant="outlined" sx={{ opacity: item.read ? 0.6 : 1 }} data-testid="notification-card" data-read={item.read}>
      <CardActionArea onClick={() => onOpen(item)}>
        <CardContent>
          <Typography sx={{ fontWeight: item.read ? 400 : 600 }}>{item.text}</Typography>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary">{dateTime(item.date)}</Typography>
            <Typography variant="body2" color="text.secondary">· {translate(`app.notifications.type.${item.type}`)}</Typography>
            {item.read && <Chip size="small" label={translate('app.notifications.read')} />}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
