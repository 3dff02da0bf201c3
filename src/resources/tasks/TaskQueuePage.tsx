import { useTranslate } from 'react-admin';
import { PageFrame } from '../../ui/PageFrame';
import { TaskList, type TaskQueueFilter } from './TaskList';

/** A task-queue screen: the queue of the tasks of one kind (and course group or course). */
export function TaskQueuePage({ title, back, filter }: { title?: string; back?: string; filter: TaskQueueFilter }) {
  const translate = useTranslate();
  return (
    <PageFrame title={title ?? translate('resources.tasks.name')} back={back}>
      <TaskList filter={filter} />
    </PageFrame>
  );
}
