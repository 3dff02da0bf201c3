import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../../ui/PageFrame';
import { TaskList, type TaskQueueFilter } from './TaskList';

/** A task-queue screen: the queue of the tasks of one kind (and course group or course); `actions` e.g. start another export. */
export function TaskQueuePage({ title, back, filter, actions }: { title?: string; back?: string; filter: TaskQueueFilter; actions?: ReactNode }) {
  const translate = useTranslate();
  return (
    <PageFrame title={title ?? translate('resources.tasks.name')} back={back} actions={actions}>
      <TaskList filter={filter} />
    </PageFrame>
  );
}
