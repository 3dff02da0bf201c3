import { useQuery } from '@tanstack/react-query';
import type { ListAnswer } from '../../../shared/account';
import { isActiveTaskStatus, taskPaths as P, type IdLabel, type TaskRecord } from '../../../shared/tasks';
import { apiGet, apiPath, apiSend, noRetryOn4xx } from '../courses/api';

/** Which tasks a queue screen shows. */
export interface TaskFilter {
  type?: number[];
  setId?: number;
  courseId?: number;
  status?: string[];
}

/** The queue, refreshed every 2 s while a task is queued or running (the task list is never cached, spec 2 §9). */
export function useTasks(filter: TaskFilter, page: number, take: number) {
  const query = { ...filter, take, skip: page * take };
  return useQuery({
    queryKey: ['tasks', 'list', query],
    queryFn: () => apiGet<ListAnswer<TaskRecord>>(apiPath(P.tasks, {}, query)),
    retry: noRetryOn4xx,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) => (q.state.data?.result.some((t) => isActiveTaskStatus(t.status.id)) ? 2000 : false),
  });
}

export function useTaskStatuses() {
  return useQuery({ queryKey: ['tasks', 'statuses'], queryFn: () => apiGet<IdLabel<string>[]>(P.statuses), staleTime: 3600_000, retry: noRetryOn4xx });
}

export const stopTask = (taskId: number) => apiSend<TaskRecord>('DELETE', apiPath(P.task, { taskId }));
export const stopTasks = (filter: TaskFilter) =>
  apiSend<{ stopped: number; ids: number[] }>('DELETE', apiPath(P.tasks, {}, { ...filter, status: ['queued', 'running'] }));
