import { TaskType } from '../../../shared/enums';
import { TaskQueuePage } from './TaskQueuePage';

export { TaskList } from './TaskList';
export { TaskQueuePage } from './TaskQueuePage';
export { tasksEn, tasksRu } from './i18n';

/** /courses/visit-stat-download/task-queue: the visit statistics exports. */
export function VisitStatTaskQueue() {
  return <TaskQueuePage back="/courses" filter={{ type: [TaskType.visitsExport, TaskType.visitJournalExport] }} />;
}
