import { Add } from '@mui/icons-material';
import { Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { mailingCalls, type MailingRecord } from '../../../shared/calls/mailings';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { useMailingScreen } from './useKind';

/** Letters per status, e.g. "Delivered 2 · Failed 1". */
export function LetterCounts({ counts }: { counts: MailingRecord['counts'] }) {
  const translate = useTranslate();
  const parts = Object.entries(counts).filter(([, n]) => n);
  if (!parts.length) return <>—</>;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {parts.map(([status, n]) => (
        <Chip key={status} size="small" color={status === 'failed' ? 'error' : status === 'sent' ? 'success' : 'default'} label={`${translate(`resources.mailings.mail.${status}`)} ${n}`} />
      ))}
    </Stack>
  );
}

/** /courses/{courseId}/auto-notifications and …/manual-notifications: the course's rules or mailings. */
export default function MailingList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dates = useDates();
  const { courseId, kind, k } = useMailingScreen();
  const { data, isPending, error, refetch } = useCall(mailingCalls.list, { params: { courseId }, query: { kind } });
  const open = (m: MailingRecord) => navigate(kind === 'auto' ? `/courses/${courseId}/auto-notifications/${m.id}/edit` : `/courses/${courseId}/manual-notifications/${m.id}`);
  return (
    <PageFrame
      title={translate(k(`${kind}.name`))}
      back={`/courses/${courseId}`}
      actions={
        <Button variant="contained" startIcon={<Add />} component={Link} to={`/courses/${courseId}/${kind}-notifications/create`}>
          {translate(k(`${kind}.create`))}
        </Button>
      }
    >
      <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch} isEmpty={data?.length === 0} emptyText={translate(k(`${kind}.empty`))}>
        <TableScroll>
          <Table size="small" data-testid="mailings-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate(k('fields.subject'))}</TableCell>
                <TableCell>{translate(k(kind === 'auto' ? 'fields.trigger' : 'fields.state'))}</TableCell>
                <TableCell>{translate(k(kind === 'auto' ? 'fields.isEnabled' : 'fields.scheduledAt'))}</TableCell>
                <TableCell>{translate(k('fields.letters'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((m) => (
                <TableRow key={m.id} hover sx={{ cursor: 'pointer' }} onClick={() => open(m)} data-testid="mailing-row">
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.label || m.subject}</TableCell>
                  <TableCell>
                    {kind === 'auto' ? `${translate(k(`triggers.${m.trigger}`))}${m.offsetDays !== null ? ` (N = ${m.offsetDays})` : ''}` : translate(k(`states.${m.state}`))}
                  </TableCell>
                  <TableCell>{kind === 'auto' ? translate(m.isEnabled ? 'ra.boolean.true' : 'ra.boolean.false') : dates.dateTime(m.sentAt ?? m.scheduledAt) || '—'}</TableCell>
                  <TableCell>
                    <LetterCounts counts={m.counts} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      </PageState>
    </PageFrame>
  );
}
