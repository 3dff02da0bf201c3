import { Form, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { courseCreateInput, coursePaths as P, type CourseRecord } from '../../../../shared/courses';
import { courseFormResolver } from './resolver';
import { apiSend } from '../api';
import { CoursePage } from '../common/CoursePage';
import { useSubmit } from '../common/useSubmit';
import { CourseInputs } from './CourseInputs';
import { FormActions } from './FormActions';
import { toCourseBody } from './values';

const today = () => new Date().toISOString().slice(0, 10);

/** /courses/create: a course from a program. */
export function CourseCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend<CourseRecord>('POST', P.create, toCourseBody(values)),
    (c) => navigate(`/courses/${(c as CourseRecord).id}`),
    'resources.courses.messages.created',
  );
  return (
    <CoursePage title={translate('resources.courses.titles.create')} back="/courses">
      <Form
        defaultValues={{
          programId: '',
          label: '',
          begin: today(),
          end: '',
          alwaysAvailableByDates: false,
          joinMode: 'direct',
          requiresEmailConfirmation: false,
        }}
        resolver={courseFormResolver(courseCreateInput)}
        onSubmit={submit}
      >
        <CourseInputs create />
        <FormActions cancel="/courses" />
      </Form>
    </CoursePage>
  );
}
