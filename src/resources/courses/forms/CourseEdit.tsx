import { Form, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { coursePaths as P, courseSettingsInput, type CourseRecord } from '../../../../shared/courses';
import { courseFormResolver } from './resolver';
import { apiPath, apiSend, useApiQuery } from '../api';
import { CoursePage } from '../common/CoursePage';
import { PageState } from '../common/PageState';
import { useSubmit } from '../common/useSubmit';
import { CourseInputs, CourseSettingsInputs } from './CourseInputs';
import { FormActions } from './FormActions';
import { settingsValues, toCourseBody } from './values';

/** /courses/{courseId}/edit: the course's settings. */
export function CourseEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseId = '' } = useParams();
  const course = useApiQuery<CourseRecord>(['courses', courseId, 'settings'], apiPath(P.settings, { courseId }));
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend<CourseRecord>('PUT', apiPath(P.settings, { courseId }), toCourseBody(values)),
    () => navigate(`/courses/${courseId}`),
  );
  return (
    <PageState isPending={course.isPending} error={course.error} refetch={course.refetch}>
      {course.data && (
        <CoursePage title={`${translate('resources.courses.titles.edit')}: ${course.data.label}`} back={`/courses/${courseId}`}>
          <Form defaultValues={settingsValues(course.data)} resolver={courseFormResolver(courseSettingsInput)} onSubmit={submit}>
            <CourseInputs />
            <CourseSettingsInputs />
            <FormActions cancel={`/courses/${courseId}`} />
          </Form>
        </CoursePage>
      )}
    </PageState>
  );
}
