import { Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { mailingCalls } from '../../../shared/calls/mailings';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { SafeHtml } from '../richText';
import { LetterCounts } from './MailingList';
import { useMailingScreen } from './useKind';

/** /courses/{courseId}/manual-notifications/{notificationId}: the mailing, its state and each recipient's delivery status (refreshed while letters are on their way). */
export default function MailingView() {
  const { courseId, notificationId = '', k } = useMailingScreen();
  const translate = useTranslate();
  const dates = useDates();
  const params = { courseId, mailingId: notificationId };
  const { data: m, isPending, error, refetch } = useCall(mailingCalls.get, { params }, { refetchInterval: (q) => (q.state.data?.state === 'scheduled' || q.state.data?.counts.queued || q.state.data?.counts.sending ? 3000 : false) });
  const recipients = useCall(mailingCalls.recipients, { params }, { refetchInterval: m && (m.state === 'scheduled' || m.counts.queued || m.counts.sending) ? 3000 : false });
  const base = `/courses/${courseId}/manual-notifications`;
  return (
    <PageFrame
      title={m ? m.label || m.subject : translate(k('manual.name'))}
      back={base}
      actions={
        m?.state !== 'sent' && m ? (
          <Stack direction="row" spacing={1}>
            <Button component={Link} to={`${base}/${m.id}/edit`}>{translate(k('actions.edit'))}</Button>
            <Button variant="contained" component={Link} to={`${base}/${m.id}/send`} data-testid="mailing-send-link">{translate(k('actions.send'))}</Button>
          </Stack>
        ) : undefined
      }
    >
      <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch}>
        {m && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip label={translate(k(`states.${m.state}`))} color={m.state === 'sent' ? 'success' : 'default'} data-testid="mailing-state" />
              {m.scheduledAt && !m.sentAt && <Typography>{translate(k('fields.scheduledAt'))}: {dates.dateTime(m.scheduledAt)}</Typography>}
              {m.sentAt && <Typography>{translate(k('fields.sentAt'))}: {dates.dateTime(m.sentAt)}</Typography>}
              <LetterCounts counts={m.counts} />
            </Stack>
            <Typography variant="subtitle1">{m.subject}</Typography>
            <SafeHtml html={m.body} />
            <Typography variant="h6">{translate(k('view.recipients'))}</Typography>
            {recipients.data?.length ? (
              <TableScroll>
                <Table size="small" data-testid="mailing-recipients">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate(k('view.fullName'))}</TableCell>
                      <TableCell>{translate(k('view.to'))}</TableCell>
                      <TableCell>{translate(k('view.status'))}</TableCell>
                      <TableCell>{translate(k('view.attempts'))}</TableCell>
                      <TableCell>{translate(k('view.error'))}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {recipients.data.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell>{r.fullName || '—'}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.to}</TableCell>
                        <TableCell>{translate(k(`mail.${r.status}`))}</TableCell>
                        <TableCell>{r.attempts}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.error ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroll>
            ) : (
              <Typography color="text.secondary">{translate(k('view.noRecipients'))}</Typography>
            )}
          </Stack>
        )}
      </PageState>
    </PageFrame>
  );
}
