import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { TaskType } from '../../../shared/enums';
import { TaskQueuePage } from '../tasks/TaskQueuePage';

/** /courses/{courseId}/typical-errors/task-queue: the answers and questions exports (task types 22, 23), started on the typical errors screen. */
export default function TypicalErrorsQueue() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return (
    <TaskQueuePage
      title={translate('resources.typicalErrors.queue.title')}
      back={`/courses/${courseId}/typical-errors`}
      filter={{ courseId: Number(courseId), type: [TaskType.answersExport, TaskType.questionsExport] }}
    />
  );
}
