import { useTranslate } from 'react-admin';
import { CoursePage } from '../courses/common/CoursePage';
import type { TaskFilter } from './api';
import { TaskList } from './TaskList';

/** A task-queue screen: the queue of the tasks of one kind (and course group or course). */
export function TaskQueuePage({ title, back, filter }: { title?: string; back?: string; filter: TaskFilter }) {
  const translate = useTranslate();
  return (
    <CoursePage title={title ?? translate('resources.tasks.name')} back={back}>
      <TaskList filter={filter} />
    </CoursePage>
  );
}
