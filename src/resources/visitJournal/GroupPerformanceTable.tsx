import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { visitJournalCalls as calls } from '../../../shared/calls/visitJournal';
import { useCall } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { JOURNAL_STALE_MS } from './JournalTable';

/** Group performance: per group, the share of its students present at each lesson and over all of them. */
export function GroupPerformanceTable({ courseId }: { courseId: number }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(calls.groupPerformance, { body: { courseId } }, { staleTime: JOURNAL_STALE_MS });
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.groups.length} emptyText={translate('resources.visitJournal.noStudents')}>
      {data && (
        <TableScroll>
          <Table size="small" data-testid="group-performance">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.visitJournal.fields.group')}</TableCell>
                <TableCell align="right">{translate('resources.visitJournal.fields.students')}</TableCell>
                {data.lessons.map((l) => (
                  <TableCell key={l.id} align="right">
                    {l.label}
                  </TableCell>
                ))}
                <TableCell align="right">{translate('resources.visitJournal.fields.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.groups.map((g) => (
                <TableRow key={g.id ?? 'none'}>
                  <TableCell>{g.label ?? translate('resources.visitJournal.fields.noGroup')}</TableCell>
                  <TableCell align="right">{g.students}</TableCell>
                  {data.lessons.map((l) => {
                    const v = g.lessons[String(l.id)];
                    return (
                      <TableCell key={l.id} align="right">
                        {v ? `${v.present} (${v.percent}%)` : '—'}
                      </TableCell>
                    );
                  })}
                  <TableCell align="right">{g.percent}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </PageState>
  );
}
