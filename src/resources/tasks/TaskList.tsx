import Refresh from '@mui/icons-material/Refresh';
import Replay from '@mui/icons-material/Replay';
import StopCircle from '@mui/icons-material/StopCircle';
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Link as MuiLink,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { taskCalls } from '../../../shared/calls/tasks';
import { ACTIVE_TASK_STATUSES, isActiveTaskStatus, type TaskFilter, type TaskRecord } from '../../../shared/tasks';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { callKey, useCall } from '../../http/queries';
import { useAccount } from '../../layout/useAccount';
import { useDates } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';

/** Which tasks a queue screen shows. */
export type TaskQueueFilter = Pick<TaskFilter, 'setId' | 'courseId' | 'status'> & { type?: number[] };

const statusColor: Record<string, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  stopped: 'warning',
};

function Summary({ task }: { task: TaskRecord }) {
  const translate = useTranslate();
  const parts = Object.entries(task.summary).map(([k, v]) => `${translate(`resources.tasks.summary.${k}`, { _: k })}: ${v}`);
  return (
    <>
      {parts.length > 0 && <Typography variant="caption" color="text.secondary" display="block">{parts.join(', ')}</Typography>}
      {(task.refusedCourses ?? []).map((c) => (
        <Typography key={c.id} variant="caption" color="warning.main" display="block" data-testid="task-refused-course">
          {translate('resources.tasks.summary.refusedCourse', { label: c.label, reason: c.reason })}
        </Typography>
      ))}
    </>
  );
}

/**
 * The task queue (spec 3 §7.10): tasks with type, status, progress, author and result; a
 * queued or running task can be stopped. Used by every task-queue screen with its filter.
 */
export function TaskList({ filter }: { filter: TaskQueueFilter }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { dateTime } = useDates();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const [confirmAll, setConfirmAll] = useState(false);
  const effective = status ? { ...filter, status: [status] } : filter;
  // the queue is never cached (spec 2 §9) and refreshes every 2 s while a task is queued or running
  const { data, isPending, error, refetch } = useCall(
    taskCalls.list,
    { query: { ...effective, take, skip: page * take } },
    { staleTime: 0, gcTime: 0, refetchInterval: (q) => (q.state.data?.result.some((t) => isActiveTaskStatus(t.status.id)) ? 2000 : false) },
  );
  const statuses = useCall(taskCalls.statuses, {}, { staleTime: 3600_000 });
  const rows = data?.result ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: callKey(taskCalls.list) });

  /** Runs a stop, tells how it went, refreshes the queue either way. */
  const stopping = async (run: () => Promise<string>) => {
    try {
      notify(await run(), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? translate('resources.tasks.messages.stopFailed'), { type: 'error' });
    }
    await refresh();
  };
  const stop = (task: TaskRecord) =>
    stopping(async () => {
      await callApi(taskCalls.stop, { params: { taskId: task.id } });
      return translate('resources.tasks.messages.stopped');
    });
  const { account } = useAccount();
  /** A failed or stopped task runs again on its author's rights: offered to the author (and Root), as the server allows. */
  const canRetry = (task: TaskRecord) =>
    (task.status.id === 'failed' || task.status.id === 'stopped') && !!account && (account.role === 'Root' || task.createdBy?.id === account.accountId);
  const retry = async (task: TaskRecord) => {
    try {
      await callApi(taskCalls.retry, { params: { taskId: task.id } });
      notify(translate('resources.tasks.messages.retried'), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? translate('resources.tasks.messages.retryFailed'), { type: 'error' });
    }
    await refresh();
  };
  const stopAll = () => {
    setConfirmAll(false);
    return stopping(async () => {
      const { stopped } = await callApi(taskCalls.stopMany, { query: { ...filter, status: [...ACTIVE_TASK_STATUSES] } });
      return translate('resources.tasks.messages.stoppedMany', { count: stopped, smart_count: stopped });
    });
  };

  return (
    <Box data-testid="task-list">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 200 }}
          label={translate('resources.tasks.filters.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(0);
          }}
        >
          <MenuItem value="">{translate('resources.tasks.filters.all')}</MenuItem>
          {(statuses.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<Refresh />} onClick={() => void refresh()}>
          {translate('resources.tasks.actions.refresh')}
        </Button>
        <Button color="warning" startIcon={<StopCircle />} onClick={() => setConfirmAll(true)} disabled={!rows.some((t) => isActiveTaskStatus(t.status.id))}>
          {translate('resources.tasks.actions.stopAll')}
        </Button>
      </Stack>
      <Confirm
        isOpen={confirmAll}
        title="resources.tasks.actions.stopAll"
        content="resources.tasks.messages.confirmStopAll"
        onConfirm={() => void stopAll()}
        onClose={() => setConfirmAll(false)}
      />
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        errorTitle={translate('resources.tasks.messages.loadError')}
        isEmpty={rows.length === 0}
        emptyText={translate('resources.tasks.messages.empty')}
      >
        <TableScroll>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.tasks.fields.id')}</TableCell>
                <TableCell>{translate('resources.tasks.fields.type')}</TableCell>
                <TableCell>{translate('resources.tasks.fields.status')}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{translate('resources.tasks.fields.progress')}</TableCell>
                <TableCell>{translate('resources.tasks.fields.createdAt')}</TableCell>
                <TableCell>{translate('resources.tasks.fields.createdBy')}</TableCell>
                <TableCell>{translate('resources.tasks.fields.result')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((task) => (
                <TableRow key={task.id} data-testid={`task-${task.id}`}>
                  <TableCell>{task.id}</TableCell>
                  <TableCell>
                    {task.type.label}
                    {task.courseId !== null && (
                      <Typography variant="caption" display="block">
                        <MuiLink component={Link} to={`/courses/${task.courseId}`}>
                          {task.courseLabel}
                        </MuiLink>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={statusColor[task.status.id]} label={task.status.label} data-testid="task-status" />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" alignItems="center" spacing={1}>
                      <LinearProgress variant="determinate" value={task.progress} sx={{ flexGrow: 1 }} />
                      <Typography variant="caption">{task.progress}%</Typography>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {dateTime(task.createdAt)}
                    {task.finishedAt && (
                      <Typography variant="caption" color="text.secondary" display="block">
                        {translate('resources.tasks.fields.finishedAt')}: {dateTime(task.finishedAt)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{task.createdBy?.name || task.createdBy?.email}</TableCell>
                  <TableCell>
                    {task.resultFile && (
                      <MuiLink href={task.resultFile.address} download={task.resultFile.name}>
                        {translate('resources.tasks.actions.download')}
                      </MuiLink>
                    )}
                    {task.error && (
                      <Typography variant="caption" color="error">
                        {task.error}
                      </Typography>
                    )}
                    <Summary task={task} />
                  </TableCell>
                  <TableCell align="right">
                    {canRetry(task) && (
                      <Tooltip title={translate('resources.tasks.actions.retry')}>
                        <IconButton size="small" aria-label={translate('resources.tasks.actions.retry')} onClick={() => void retry(task)}>
                          <Replay fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {isActiveTaskStatus(task.status.id) && (
                      <Tooltip title={translate('resources.tasks.actions.stop')}>
                        <IconButton size="small" aria-label={translate('resources.tasks.actions.stop')} onClick={() => void stop(task)}>
                          <StopCircle fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </Box>
  );
}
