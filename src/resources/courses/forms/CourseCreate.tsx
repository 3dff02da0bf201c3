import { CreateBase, Form, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { courseCreateInput, type CourseRecord } from '../../../../shared/courses';
import { courses } from '../../../../shared/resources/courses';
import { PageFrame } from '../../../ui/PageFrame';
import { useSaveOptions } from '../../../ui/useSubmit';
import { CourseInputs } from './CourseInputs';
import { FormActions } from '../../../ui/FormActions';
import { courseFormResolver } from './resolver';
import { toCourseBody } from './values';

const today = () => new Date().toISOString().slice(0, 10);

/** /courses/create: a course from a program; then its page. */
export function CourseCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const saved = useSaveOptions((c: CourseRecord) => navigate(`/courses/${c.id}`), {
    successKey: 'resources.courses.notifications.created',
    successArgs: (c) => ({ label: c.label }),
  });
  return (
    <CreateBase resource={courses.name} transform={toCourseBody} mutationOptions={saved}>
      <PageFrame title={translate('resources.courses.titles.create')} back="/courses">
        <Form
          defaultValues={{
            programId: '',
            label: '',
            begin: today(),
            end: '',
            alwaysAvailableByDates: false,
            joinMode: 'direct',
            requiresEmailConfirmation: false,
            isPublished: false,
          }}
          resolver={courseFormResolver(courseCreateInput)}
        >
          <CourseInputs create />
          <FormActions cancel="/courses" />
        </Form>
      </PageFrame>
    </CreateBase>
  );
}
