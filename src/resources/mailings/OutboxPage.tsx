import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { mailingCalls } from '../../../shared/calls/mailings';
import { MailStatus } from '../../../shared/enums';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { letterStateKey } from './letterState';

const k = (key: string) => `resources.mailings.outbox.${key}`;

/** /courses/mail-outbox (Root): every outgoing letter with its delivery status; without SMTP_URL letters stay here. */
export default function OutboxPage() {
  const translate = useTranslate();
  const dates = useDates();
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const { data, isPending, error, refetch } = useCall(mailingCalls.outbox, { query: { status: status || undefined, skip: page * take, take } });
  return (
    <PageFrame title={translate(k('title'))} back="/courses">
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(k('noSmtp'))}</Typography>
      <TextField select size="small" label={translate(k('status'))} value={status} onChange={(e) => { setStatus(e.target.value as MailStatus | ''); setPage(0); }} sx={{ mb: 2, minWidth: 200 }}>
        <MenuItem value="">{translate(k('all'))}</MenuItem>
        {Object.values(MailStatus).map((s) => (
          <MenuItem key={s} value={s}>{translate(`resources.mailings.mail.${s}`)}</MenuItem>
        ))}
      </TextField>
      <PageState isPending={isPending} error={error} errorTitle={translate('resources.mailings.loadError')} refetch={refetch} isEmpty={data?.items.length === 0} emptyText={translate(k('empty'))}>
        <TableScroll>
          <Table size="small" data-testid="outbox-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate(k('createdAt'))}</TableCell>
                <TableCell>{translate(k('to'))}</TableCell>
                <TableCell>{translate(k('subject'))}</TableCell>
                <TableCell>{translate(k('status'))}</TableCell>
                <TableCell>{translate(k('attempts'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.items.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{dates.dateTime(l.createdAt)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.to}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.subject}</TableCell>
                  <TableCell title={l.error ?? (l.resent ? translate(k('resentHint')) : undefined)} data-testid="outbox-state">{translate(letterStateKey(l))}</TableCell>
                  <TableCell>{l.attempts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        <ListPagination count={data?.total ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </PageFrame>
  );
}
