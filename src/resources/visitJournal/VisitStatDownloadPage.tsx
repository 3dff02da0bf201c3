import { Alert, Autocomplete, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { courseCalls } from '../../../shared/calls/courses';
import { visitJournalCalls as calls } from '../../../shared/calls/visitJournal';
import type { CourseOption } from '../../../shared/courses';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { studentName } from './JournalTable';

/**
 * /courses/visit-stat-download (spec 1 §2.9): the visits of the students of the chosen courses —
 * shown here (POST /api/instructors/visit-journal/report) and exported to Excel as a task (job
 * type 20, POST /api/Instructor/ExportVisit) whose queue is /courses/visit-stat-download/task-queue.
 */
export default function VisitStatDownloadPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<CourseOption[]>([]);
  const [shown, setShown] = useState<number[] | null>(null);
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const [error, setError] = useState<string | null>(null);
  const options = useCall(courseCalls.options, {});
  const report = useCall(calls.report, shown ? { body: { TrainingIds: shown, take, skip: page * take } } : null);
  const ids = chosen.map((c) => c.id);
  const exportNow = async () => {
    setError(null);
    try {
      await callApi(calls.exportVisits, { body: { TrainingIds: ids } });
      notify(translate('resources.visitJournal.download.queued'), { type: 'success' });
      navigate('/courses/visit-stat-download/task-queue');
    } catch (e) {
      setError(serverText(e) ?? translate('app.common.toast.error'));
    }
  };
  return (
    <PageFrame title={translate('resources.visitJournal.visitStat.title')} back="/courses">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.visitJournal.visitStat.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Autocomplete
          multiple
          size="small"
          options={options.data ?? []}
          loading={options.isPending}
          value={chosen}
          onChange={(_, v) => setChosen(v)}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          sx={{ minWidth: 280, flex: 1 }}
          renderInput={(params) => <TextField {...params} label={translate('resources.visitJournal.fields.courses')} />}
        />
        <Button
          disabled={!ids.length}
          onClick={() => {
            setPage(0);
            setShown(ids);
          }}
        >
          {translate('resources.visitJournal.actions.showReport')}
        </Button>
        <Button variant="contained" disabled={!ids.length} onClick={() => void exportNow()} data-testid="start-visits-export">
          {translate('resources.visitJournal.actions.startExport')}
        </Button>
      </Stack>
      {!ids.length && <Typography variant="caption">{translate('resources.visitJournal.visitStat.chooseCourses')}</Typography>}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {shown && (
        <PageState isPending={report.isPending} error={report.error} refetch={report.refetch} isEmpty={!report.data?.result.length} emptyText={translate('resources.visitJournal.noStudents')}>
          <TableScroll>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.visitJournal.fields.course')}</TableCell>
                  <TableCell>{translate('resources.visitJournal.fields.student')}</TableCell>
                  <TableCell>{translate('resources.visitJournal.fields.group')}</TableCell>
                  <TableCell align="right">{translate('resources.visitJournal.fields.present')}</TableCell>
                  <TableCell align="right">{translate('resources.visitJournal.fields.absent')}</TableCell>
                  <TableCell align="right">{translate('resources.visitJournal.fields.classes')}</TableCell>
                  <TableCell align="right">{translate('resources.visitJournal.fields.percent')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(report.data?.result ?? []).map((r) => (
                  <TableRow key={`${r.courseId}-${r.studentId}`}>
                    <TableCell>{r.courseLabel}</TableCell>
                    <TableCell>{studentName(r)}</TableCell>
                    <TableCell>{r.groupLabel ?? '—'}</TableCell>
                    <TableCell align="right">{r.present}</TableCell>
                    <TableCell align="right">{r.absent}</TableCell>
                    <TableCell align="right">{r.total}</TableCell>
                    <TableCell align="right">{r.percent}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          <ListPagination count={report.data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
        </PageState>
      )}
    </PageFrame>
  );
}
