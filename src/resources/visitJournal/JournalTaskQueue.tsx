import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { TaskType } from '../../../shared/enums';
import { TaskQueuePage } from '../tasks/TaskQueuePage';

/** /courses/{courseId}/visit-journal/task-queue: the course's visit journal and visits exports. */
export default function JournalTaskQueue() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return (
    <TaskQueuePage
      title={translate('resources.visitJournal.queueTitle')}
      back={`/courses/${courseId}/visit-journal`}
      filter={{ courseId: Number(courseId), type: [TaskType.visitJournalExport, TaskType.visitsExport] }}
    />
  );
}
