import ListAlt from '@mui/icons-material/ListAlt';
import { Alert, Button } from '@mui/material';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { courseGroupPaths as P, type BySetAnswer } from '../../../shared/courseGroups';
import { codesOf, CourseRole, TaskType } from '../../../shared/enums';
import { splitEmailList } from '../../../shared/programs';
import { apiSend } from '../courses/api';
import { CoursePage } from '../courses/common/CoursePage';
import { useSubmit } from '../courses/common/useSubmit';
import { FormActions } from '../courses/forms/FormActions';
import { TaskQueuePage } from '../tasks';
import { groupPath, useCourseGroup } from './api';

/** The three bulk actions on a course group: where they live, what they call, which task they queue. */
export const bySetKinds = {
  instructorsAdd: { segment: 'instructors/add', path: P.instructorsInclude, taskType: TaskType.includeInstructors },
  studentsAdd: { segment: 'students/add', path: P.studentsInclude, taskType: TaskType.includeStudents },
  instructorsRemove: { segment: 'instructors/remove', path: P.instructorsRemove, taskType: TaskType.removeInstructors },
} as const;
export type BySetKind = keyof typeof bySetKinds;

const validateEmails = (v: unknown) => (typeof v === 'string' && splitEmailList(v) ? undefined : 'resources.courseGroups.messages.emailList');

/** /courses/course-group/{id}/instructors/add, /students/add, /instructors/remove: e-mails in, a task for every course of the subtree. */
export function BySetForm({ kind }: { kind: BySetKind }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseGroupId = '' } = useParams();
  const group = useCourseGroup(courseGroupId);
  const spec = bySetKinds[kind];
  const queue = groupPath(courseGroupId, `${spec.segment}/task-queue`);
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend<BySetAnswer>('POST', spec.path, { ...values, setId: Number(courseGroupId) }),
    () => navigate(queue),
    'resources.courseGroups.messages.queued',
  );
  return (
    <CoursePage
      title={`${translate(`resources.courseGroups.titles.${kind}`)}${group.data ? `: ${group.data.label}` : ''}`}
      back={groupPath(courseGroupId)}
      actions={
        <Button startIcon={<ListAlt />} component={Link} to={queue}>
          {translate('resources.courseGroups.actions.taskQueue')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('resources.courseGroups.messages.bySetHelp')}
      </Alert>
      <Form defaultValues={{ emails: '', courseRole: 'instructor' }} onSubmit={submit}>
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
    </CoursePage>
  );
}

/** .../instructors/add/task-queue and the others: the queue of that kind of task for this group. */
export function BySetTaskQueue({ kind }: { kind: BySetKind }) {
  const translate = useTranslate();
  const { courseGroupId = '' } = useParams();
  return (
    <TaskQueuePage
      title={translate(`resources.courseGroups.titles.${kind}Queue`)}
      back={groupPath(courseGroupId, bySetKinds[kind].segment)}
      filter={{ setId: Number(courseGroupId), type: [bySetKinds[kind].taskType] }}
    />
  );
}
