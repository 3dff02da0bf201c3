import { Chip, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { journalCalls } from '../../../shared/calls/journal';
import { codesOf, ExerciseProgressStatus } from '../../../shared/enums';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { useDebounced } from '../../ui/useDebounced';
import { JournalFilters, type JournalFilterState } from './JournalFilters';

const T = 'resources.studentsJournal';

/**
 * /courses/{courseId}/students-journal/{exerciseId}/progress-check (spec 1 §2.9): every student's
 * progress on one exercise — status, score of the last attempt, attempts, the evaluation — with
 * the counts per status; a tutor sees their assigned students.
 */
export default function ProgressCheckPage() {
  const { courseId = '', exerciseId = '' } = useParams();
  const translate = useTranslate();
  const { dateTime } = useDates();
  const [filters, setFilters] = useState<JournalFilterState>({ groupId: '', types: [], search: '' });
  const [status, setStatus] = useState('');
  const search = useDebounced(filters.search);
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const { data, isPending, error, refetch } = useCall(
    journalCalls.progressCheck,
    {
      params: { courseId, exerciseId },
      query: { groupId: filters.groupId ? Number(filters.groupId) : undefined, search: search.trim() || undefined, status: status ? [Number(status)] : undefined, take, skip: page * take },
    },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const rows = data?.result ?? [];
  const when = (d: string | null) => (d ? dateTime(d) : '—');

  return (
    <PageFrame title={translate(`${T}.progressCheck.title`, { label: data?.exercise.label ?? '' })} back={`/courses/${courseId}/students-journal`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <JournalFilters
          courseId={courseId}
          types={false}
          value={filters}
          onChange={(v) => {
            setFilters(v);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 200 }}
          label={translate(`${T}.filters.status`)}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(0);
          }}
        >
          <MenuItem value="">{translate(`${T}.filters.allStatuses`)}</MenuItem>
          {codesOf(ExerciseProgressStatus).map((c) => (
            <MenuItem key={c} value={String(c)}>
              {translate(`${T}.status.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {data && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="progress-by-status">
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.progressCheck.byStatus`)}:
          </Typography>
          {Object.entries(data.byStatus).map(([s, n]) => (
            <Chip key={s} size="small" label={`${translate(`${T}.status.${s}`)}: ${n}`} />
          ))}
        </Stack>
      )}
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(`${T}.messages.loadError`)} isEmpty={rows.length === 0} emptyText={translate(`${T}.messages.empty`)}>
        <TableScroll>
          <Table size="small" data-testid="progress-check">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.columns.student`)}</TableCell>
                <TableCell>{translate(`${T}.columns.group`)}</TableCell>
                <TableCell>{translate(`${T}.filters.status`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.score`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.attempts`)}</TableCell>
                <TableCell>{translate(`${T}.columns.started`)}</TableCell>
                <TableCell>{translate(`${T}.columns.completed`)}</TableCell>
                <TableCell>{translate(`${T}.columns.evaluation`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.studentId}>
                  <TableCell>
                    {`${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.email}
                    <Typography variant="caption" color="text.secondary" display="block">
                      {r.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.groupLabel ?? '—'}</TableCell>
                  <TableCell>{translate(`${T}.status.${r.status}`)}</TableCell>
                  <TableCell align="right">{r.score === null ? '—' : r.maxScore !== null ? `${r.score} / ${r.maxScore}` : r.score}</TableCell>
                  <TableCell align="right">{r.attempts}</TableCell>
                  <TableCell>{when(r.startedAt)}</TableCell>
                  <TableCell>{when(r.completedAt)}</TableCell>
                  <TableCell>{r.evaluation ? translate(`${T}.evaluation.${r.evaluation}`) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </PageFrame>
  );
}
