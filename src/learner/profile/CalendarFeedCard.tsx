import ContentCopy from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { calendarFeedCalls, type CalendarFeedLink } from '../../../shared/calls/calendarFeed';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { copyText } from '../../resources/invitations/InvitationLink';
import { useDates } from '../../ui/dates';

const k = (key: string) => `app.profile.calendarFeed.${key}`;

/**
 * "Calendar subscription" (issue 30 item 3): a secret link to the events calendar for Google
 * Calendar, Outlook or Apple Calendar. The server keeps only a hash of it, so the link is shown
 * once, when made; a lost link is replaced by a new one (the old one stops working).
 */
export function CalendarFeedCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dates = useDates();
  const { data, refetch } = useCall(calendarFeedCalls.state, {});
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await refetch();
    } catch (e) {
      notify(serverText(e) ?? translate(k('failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const create = () => run(async () => setLink(await callApi(calendarFeedCalls.create, {})));
  const revoke = () =>
    run(async () => {
      await callApi(calendarFeedCalls.revoke, {});
      setLink(null);
      notify(translate(k('revoked')), { type: 'info' });
    });
  const copy = async () => {
    const ok = link ? await copyText(link.url) : false;
    notify(translate(k(ok ? 'copied' : 'copyFailed')), { type: ok ? 'success' : 'error' });
  };
  const active = Boolean(link) || data?.active;
  return (
    <Box component="section" aria-labelledby="calendar-feed-title" data-testid="calendar-feed">
      <Typography variant="h6" component="h2" id="calendar-feed-title">{translate(k('title'))}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(k('about'))}</Typography>
      {link && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <TextField
            label={translate(k('link'))}
            value={link.url}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'calendar-feed-url' } }}
            onFocus={(e) => e.target.select()}
          />
          <Alert severity="info">{translate(k('shownOnce'))}</Alert>
        </Stack>
      )}
      {!link && data?.active && data.createdAt && (
        <Typography variant="body2" sx={{ mb: 1 }}>{translate(k('activeSince'), { date: dates.dateTime(data.createdAt) })}</Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {link && <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>{translate(k('copy'))}</Button>}
        <Button variant={link ? 'outlined' : 'contained'} disabled={busy} onClick={() => void create()} data-testid="calendar-feed-create">
          {translate(k(active ? 'recreate' : 'create'))}
        </Button>
        {active && <Button color="error" disabled={busy} onClick={() => void revoke()} data-testid="calendar-feed-revoke">{translate(k('revoke'))}</Button>}
      </Stack>
    </Box>
  );
}
