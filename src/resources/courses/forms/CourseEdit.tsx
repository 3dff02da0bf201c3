import { EditBase, Form, useEditContext, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { courseSettingsInput, type CourseRecord } from '../../../../shared/courses';
import { courses } from '../../../../shared/resources/courses';
import { CourseForbiddenPage, CourseNotFoundPage } from '../../../errors';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { useSaveOptions } from '../../../ui/useSubmit';
import { CourseInputs, CourseSettingsInputs } from './CourseInputs';
import { FormActions } from '../../../ui/FormActions';
import { courseFormResolver } from './resolver';
import { settingsValues, toCourseBody } from './values';

function SettingsForm({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const { record, isPending, error, refetch } = useEditContext<CourseRecord>();
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} notFound={<CourseNotFoundPage />} forbidden={<CourseForbiddenPage />}>
      {record && (
        <PageFrame title={`${translate('resources.courses.titles.edit')}: ${record.label}`} back={`/courses/${courseId}`}>
          <Form record={settingsValues(record)} resolver={courseFormResolver(courseSettingsInput)}>
            <CourseInputs />
            <CourseSettingsInputs />
            <FormActions cancel={`/courses/${courseId}`} />
          </Form>
        </PageFrame>
      )}
    </PageState>
  );
}

/** /courses/{courseId}/edit: the course's settings (saved pessimistically: the server's field errors show at the inputs). */
export function CourseEdit() {
  const navigate = useNavigate();
  const { courseId = '' } = useParams();
  const saved = useSaveOptions(() => navigate(`/courses/${courseId}`), {
    successKey: 'resources.courses.notifications.updated',
    successArgs: (c) => ({ label: (c as CourseRecord).label }),
  });
  return (
    <EditBase
      resource={courses.name}
      id={courseId}
      mutationMode="pessimistic"
      transform={toCourseBody}
      mutationOptions={saved}
      queryOptions={{ onError: () => undefined }}
    >
      <SettingsForm courseId={courseId} />
    </EditBase>
  );
}
