import Refresh from '@mui/icons-material/Refresh';
import Replay from '@mui/icons-material/Replay';
import StopCircle from '@mui/icons-material/StopCircle';
import { Box, Button, Chip, IconButton, LinearProgress, Link as MuiLink, Stack, Tooltip, Typography, type ChipProps } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useState } from 'react';
import {
  Confirm,
  Datagrid,
  DatagridBody,
  DatagridRow,
  FunctionField,
  SelectInput,
  TextField,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type DatagridRowProps,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { taskCalls } from '../../../shared/calls/tasks';
import { tasks } from '../../../shared/resources/tasks';
import { ACTIVE_TASK_STATUSES, isActiveTaskStatus, type TaskFilter, type TaskRecord } from '../../../shared/tasks';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { useAccount } from '../../layout/useAccount';
import { useDates } from '../../ui/dates';
import { TableScroll } from '../../ui/TableScroll';
import { DeclaredList } from '../factory/DeclaredList';

/** Which tasks a queue screen shows. */
export type TaskQueueFilter = Pick<TaskFilter, 'setId' | 'courseId' | 'status'> & { type?: number[] };

/** The query key of every task list: a started, stopped or retried task refreshes the queues by it. */
export const TASKS_KEY = [tasks.name];

const k = (key: string) => `resources.tasks.${key}`;

const statusColor: Record<string, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  stopped: 'warning',
};

function Summary({ task }: { task: TaskRecord }) {
  const translate = useTranslate();
  const parts = Object.entries(task.summary).map(([key, v]) => `${translate(k(`summary.${key}`), { _: key })}: ${v}`);
  return (
    <>
      {parts.length > 0 && <Typography variant="caption" color="text.secondary" display="block">{parts.join(', ')}</Typography>}
      {(task.refusedCourses ?? []).map((c) => (
        <Typography key={c.id} variant="caption" color="warning.main" display="block" data-testid="task-refused-course">
          {translate(k('summary.refusedCourse'), { label: c.label, reason: c.reason })}
        </Typography>
      ))}
    </>
  );
}

/** A row named by its task (`task-<id>`), for the tests and the e2e checks. */
const TaskRow = forwardRef<HTMLTableRowElement, DatagridRowProps>(function TaskRow(props, ref) {
  const record = useRecordContext();
  return <DatagridRow ref={ref} {...props} data-testid={`task-${record?.id}`} />;
});

/** Runs an action on the queue, tells how it went, refreshes the queue either way. */
function useQueueAction() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: TASKS_KEY });
  const run = async (action: () => Promise<string>, failed: string) => {
    try {
      notify(await action(), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? translate(failed), { type: 'error' });
    }
    await refresh();
  };
  return { run, refresh };
}

/** Stop (a queued or running task) and retry (a failed or stopped one, by its author or Root, as the server allows). */
function RowActions({ task }: { task: TaskRecord }) {
  const translate = useTranslate();
  const { account } = useAccount();
  const { run } = useQueueAction();
  const canRetry = (task.status.id === 'failed' || task.status.id === 'stopped') && !!account && (account.role === 'Root' || task.createdBy?.id === account.accountId);
  const retry = () =>
    run(async () => {
      await callApi(taskCalls.retry, { params: { taskId: task.id } });
      return translate(k('messages.retried'));
    }, k('messages.retryFailed'));
  const stop = () =>
    run(async () => {
      await callApi(taskCalls.stop, { params: { taskId: task.id } });
      return translate(k('messages.stopped'));
    }, k('messages.stopFailed'));
  return (
    <>
      {canRetry && (
        <Tooltip title={translate(k('actions.retry'))}>
          <IconButton size="small" aria-label={translate(k('actions.retry'))} onClick={() => void retry()}>
            <Replay fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {isActiveTaskStatus(task.status.id) && (
        <Tooltip title={translate(k('actions.stop'))}>
          <IconButton size="small" aria-label={translate(k('actions.stop'))} onClick={() => void stop()}>
            <StopCircle fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

/** Refresh, and stop every active task of the screen's filter (after a confirmation). */
function QueueActions({ filter }: { filter: TaskQueueFilter }) {
  const translate = useTranslate();
  const { data } = useListContext<TaskRecord>();
  const { run, refresh } = useQueueAction();
  const [confirmAll, setConfirmAll] = useState(false);
  const stopAll = () => {
    setConfirmAll(false);
    return run(async () => {
      const { stopped } = await callApi(taskCalls.stopMany, { query: { ...filter, status: [...ACTIVE_TASK_STATUSES] } });
      return translate(k('messages.stoppedMany'), { count: stopped, smart_count: stopped });
    }, k('messages.stopFailed'));
  };
  return (
    <>
      <Button startIcon={<Refresh />} onClick={() => void refresh()}>
        {translate(k('actions.refresh'))}
      </Button>
      <Button color="warning" startIcon={<StopCircle />} onClick={() => setConfirmAll(true)} disabled={!(data ?? []).some((t) => isActiveTaskStatus(t.status.id))}>
        {translate(k('actions.stopAll'))}
      </Button>
      <Confirm isOpen={confirmAll} title={k('actions.stopAll')} content={k('messages.confirmStopAll')} onConfirm={() => void stopAll()} onClose={() => setConfirmAll(false)} />
    </>
  );
}

/**
 * The task queue (spec 3 §7.10): tasks with type, status, progress, author and result; a
 * queued or running task can be stopped. Used by every task-queue screen with its filter: a
 * react-admin List of the declared resource `tasks`, the screen's filter fixed, the status chosen.
 */
export function TaskList({ filter }: { filter: TaskQueueFilter }) {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const statuses = useCall(taskCalls.statuses, {}, { staleTime: 3600_000 });
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label={k('filters.status')}
      alwaysOn
      emptyText={k('filters.all')}
      choices={(statuses.data ?? []).map((s) => ({ id: s.id, name: s.label }))}
      translateChoice={false}
      sx={{ minWidth: 200 }}
    />,
  ];
  return (
    <Box data-testid="task-list">
      <DeclaredList
        decl={tasks}
        title={false}
        filter={filter}
        filters={filters}
        actions={<QueueActions filter={filter} />}
        // each queue screen keeps its own status and page; the address stays the screen's
        disableSyncWithLocation
        storeKey={`${tasks.name}.${JSON.stringify(filter)}`}
        // the queue is never cached (spec 2 §9) and refreshes every 2 s while a task is queued or running
        queryOptions={{
          staleTime: 0,
          gcTime: 0,
          refetchInterval: (q: { state: { data?: { data?: TaskRecord[] } } }) => (q.state.data?.data?.some((t) => isActiveTaskStatus(t.status.id)) ? 2000 : false),
        }}
        // an empty queue keeps its toolbar (refresh, the status filter): the Datagrid says it is empty
        empty={false}
      >
        <TableScroll>
          <Datagrid bulkActionButtons={false} rowClick={false} body={<DatagridBody row={<TaskRow />} />} empty={<Typography color="text.secondary" sx={{ p: 2 }}>{translate(k('empty'))}</Typography>}>
            <TextField source="id" label={k('fields.id')} sortable={false} />
            <FunctionField
              source="type"
              label={k('fields.type')}
              sortable={false}
              render={(task: TaskRecord) => (
                <>
                  {task.type.label}
                  {task.courseId !== null && (
                    <Typography variant="caption" display="block">
                      <MuiLink component={Link} to={`/courses/${task.courseId}`}>
                        {task.courseLabel}
                      </MuiLink>
                    </Typography>
                  )}
                </>
              )}
            />
            <FunctionField source="status" label={k('fields.status')} sortable={false} render={(task: TaskRecord) => <Chip size="small" color={statusColor[task.status.id]} label={task.status.label} data-testid="task-status" />} />
            <FunctionField
              source="progress"
              label={k('fields.progress')}
              sortable={false}
              render={(task: TaskRecord) => (
                <Stack direction="row" alignItems="center" spacing={1} sx={{ minWidth: 140 }}>
                  <LinearProgress variant="determinate" value={task.progress} sx={{ flexGrow: 1 }} aria-label={translate(k('fields.progress'))} />
                  <Typography variant="caption">{task.progress}%</Typography>
                </Stack>
              )}
            />
            <FunctionField
              source="createdAt"
              label={k('fields.createdAt')}
              sortable={false}
              render={(task: TaskRecord) => (
                <>
                  {dateTime(task.createdAt)}
                  {task.finishedAt && (
                    <Typography variant="caption" color="text.secondary" display="block">
                      {translate(k('fields.finishedAt'))}: {dateTime(task.finishedAt)}
                    </Typography>
                  )}
                </>
              )}
            />
            <FunctionField source="createdBy" label={k('fields.createdBy')} sortable={false} render={(task: TaskRecord) => task.createdBy?.name || task.createdBy?.email || ''} />
            <FunctionField
              source="resultFile"
              label={k('fields.result')}
              sortable={false}
              render={(task: TaskRecord) => (
                <>
                  {task.resultFile && (
                    <MuiLink href={task.resultFile.address} download={task.resultFile.name}>
                      {translate(k('actions.download'))}
                    </MuiLink>
                  )}
                  {task.error && (
                    <Typography variant="caption" color="error">
                      {task.error}
                    </Typography>
                  )}
                  <Summary task={task} />
                </>
              )}
            />
            <FunctionField label="" textAlign="right" render={(task: TaskRecord) => <RowActions task={task} />} />
          </Datagrid>
        </TableScroll>
      </DeclaredList>
    </Box>
  );
}

