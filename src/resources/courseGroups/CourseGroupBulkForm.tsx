import ListAlt from '@mui/icons-material/ListAlt';
import { Alert, Button } from '@mui/material';
import { Form, SelectInput, TextInput, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { courseGroupCalls } from '../../../shared/calls/courseGroups';
import type { CourseGroupTaskAnswer } from '../../../shared/courseGroups';
import { codesOf, CourseRole, TaskType } from '../../../shared/enums';
import { splitEmailList } from '../../../shared/programs';
import { courseGroups } from '../../../shared/resources/courseGroups';
import { callApi } from '../../http/client';
import { PageFrame } from '../../ui/PageFrame';
import { useSubmit } from '../../ui/useSubmit';
import { FormActions } from '../../ui/FormActions';
import { TaskQueuePage } from '../tasks';
import { TASKS_KEY } from '../tasks/TaskList';
import { groupPath } from './paths';

/** The three bulk actions on a course group: where they live, what they call, which task they queue. */
export const bulkKinds = {
  instructorsAdd: { segment: 'instructors/add', call: courseGroupCalls.instructorsInclude, taskType: TaskType.includeInstructors },
  studentsAdd: { segment: 'students/add', call: courseGroupCalls.studentsInclude, taskType: TaskType.includeStudents },
  instructorsRemove: { segment: 'instructors/remove', call: courseGroupCalls.instructorsRemove, taskType: TaskType.removeInstructors },
} as const;
export type BulkKind = keyof typeof bulkKinds;

const validateEmails = (v: unknown) => (typeof v === 'string' && splitEmailList(v) ? undefined : 'resources.courseGroups.messages.emailList');

/** /courses/course-group/{id}/instructors/add, /students/add, /instructors/remove: e-mails in, a task for every course of the subtree. */
export function CourseGroupBulkForm({ kind }: { kind: BulkKind }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseGroupId = '' } = useParams();
  const group = useGetOne<RaRecord>(courseGroups.name, { id: courseGroupId }, { retry: false });
  const spec = bulkKinds[kind];
  const queue = groupPath(courseGroupId, `${spec.segment}/task-queue`);
  const submit = useSubmit(
    (values: { emails: string; courseRole?: CourseRole }) => callApi(spec.call, { body: { ...values, setId: Number(courseGroupId) } }),
    () => navigate(queue),
    {
      invalidate: [TASKS_KEY],
      successKey: 'resources.courseGroups.messages.queued',
      successArgs: (r) => ({ courses: (r as CourseGroupTaskAnswer).courses, skipped: (r as CourseGroupTaskAnswer).skippedCourses }),
    },
  );
  return (
    <PageFrame
      title={`${translate(`resources.courseGroups.titles.${kind}`)}${group.data ? `: ${group.data.label}` : ''}`}
      back={groupPath(courseGroupId)}
      actions={
        <Button startIcon={<ListAlt />} component={Link} to={queue}>
          {translate('resources.courseGroups.actions.taskQueue')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('resources.courseGroups.messages.bulkHelp')}
      </Alert>
      <Form defaultValues={{ emails: '', courseRole: 'instructor' }} onSubmit={(values: Record<string, unknown>) => submit(values as { emails: string; courseRole?: CourseRole })}>
        <TextInput
          source="emails"
          label="resources.courseGroups.fields.emails"
          helperText="resources.courseGroups.messages.emailsHelp"
          validate={validateEmails}
          multiline
          minRows={3}
          fullWidth
        />
        {kind === 'instructorsAdd' && (
          <SelectInput
            source="courseRole"
            label="resources.courseGroups.fields.courseRole"
            choices={codesOf(CourseRole).map((id) => ({ id, name: `resources.courses.roles.${id}` }))}
          />
        )}
        <FormActions cancel={groupPath(courseGroupId)} />
      </Form>
    </PageFrame>
  );
}

/** .../instructors/add/task-queue and the others: the queue of that kind of task for this group. */
export function CourseGroupBulkQueue({ kind }: { kind: BulkKind }) {
  const translate = useTranslate();
  const { courseGroupId = '' } = useParams();
  return (
    <TaskQueuePage
      title={translate(`resources.courseGroups.titles.${kind}Queue`)}
      back={groupPath(courseGroupId, bulkKinds[kind].segment)}
      filter={{ setId: Number(courseGroupId), type: [bulkKinds[kind].taskType] }}
    />
  );
}
