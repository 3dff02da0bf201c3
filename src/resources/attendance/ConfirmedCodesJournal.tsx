import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { attendanceCalls } from '../../../shared/calls/attendance';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';

/** The digital-code journal: the codes confirmed in the course, newest first (who, which exercise, when, by whom). */
export function ConfirmedCodesJournal({ courseId }: { courseId: number }) {
  const translate = useTranslate();
  const dates = useDates();
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const { data, isPending, error, refetch } = useCall(attendanceCalls.confirmedCodes, { params: { courseId }, query: { take, skip: page * take } });
  return (
    <section aria-labelledby="confirmed-codes-title">
      <Typography id="confirmed-codes-title" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {translate('app.attendance.confirm.listTitle')}
      </Typography>
      <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.result.length} emptyText={translate('app.attendance.confirm.empty')}>
        <TableScroll>
          <Table size="small" data-testid="confirmed-codes">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.attendance.confirm.student')}</TableCell>
                <TableCell>{translate('app.attendance.confirm.exercise')}</TableCell>
                <TableCell>{translate('app.attendance.confirm.code')}</TableCell>
                <TableCell>{translate('app.attendance.confirm.confirmedAt')}</TableCell>
                <TableCell>{translate('app.attendance.confirm.confirmedBy')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.result ?? []).map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{`${c.lastName ?? ''} ${c.firstName ?? ''}`.trim() || c.email}</TableCell>
                  <TableCell>{c.exerciseLabel}</TableCell>
                  <TableCell>{c.code}</TableCell>
                  <TableCell>{dates.dateTime(c.confirmedAt)}</TableCell>
                  <TableCell>{c.confirmedBy ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </section>
  );
}
