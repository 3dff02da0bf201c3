import type { ReactNode } from 'react';
import { AutocompleteArrayInput, BooleanInput, CreateBase, EditBase, Form, TextInput, useEditContext, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { courseCalls } from '../../../shared/calls/courses';
import { courseGroupCalls } from '../../../shared/calls/courseGroups';
import { COURSE_GROUP_LABEL_MAX, courseGroupInput, type CourseGroupInput, type CourseGroupRecord } from '../../../shared/courseGroups';
import { courseGroups } from '../../../shared/resources/courseGroups';
import { callApi } from '../../http/client';
import { CourseForbiddenPage, CourseNotFoundPage } from '../../errors';
import { useCall } from '../../http/queries';
import { inputDay } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSaveOptions } from '../../ui/useSubmit';
import { DateRangeInputs } from '../courses/forms/DateRangeInputs';
import { FormActions } from '../../ui/FormActions';
import { courseFormResolver } from '../courses/forms/resolver';
import { groupPath } from './paths';

const f = (name: string) => `resources.courseGroups.fields.${name}`;

function GroupInputs() {
  const courses = useCall(courseCalls.options, {});
  return (
    <>
      <TextInput source="label" label={f('label')} fullWidth inputProps={{ maxLength: COURSE_GROUP_LABEL_MAX }} />
      <TextInput source="description" label={f('description')} fullWidth multiline minRows={2} />
      <DateRangeInputs from="begin" to="end" label={f} />
      <AutocompleteArrayInput
        source="trainingIds"
        label={f('trainingIds')}
        choices={courses.data ?? []}
        optionText="label"
        isPending={courses.isPending}
        fullWidth
        // a long course title wraps in its chip on a phone instead of widening the page
        sx={{ '& .MuiChip-root': { height: 'auto', py: 0.5 }, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
      />
      <BooleanInput source="isPublished" label={f('isPublished')} />
    </>
  );
}

/** The form of a course group (its record or the defaults of a new one), checked by the call's schema. */
function GroupForm({ record, cancel }: { record: Record<string, unknown>; cancel: string }) {
  return (
    <Form record={record} resolver={courseFormResolver(courseGroupInput)}>
      <GroupInputs />
      <FormActions cancel={cancel} />
    </Form>
  );
}

/** Form values → the call's body: empty texts and dates are "none". */
const toBody = (values: Record<string, unknown>) => ({
  ...values,
  description: values.description || null,
  begin: values.begin || null,
  end: values.end || null,
});

const fresh = { label: '', trainingIds: [], isPublished: false };

/**
 * /courses/course-group/create (a top-level group) and /courses/course-group/{courseGroupId}/create
 * (a group inside that one: its own call), then the new group's page.
 */
export function CourseGroupCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseGroupId } = useParams();
  const back = courseGroupId ? groupPath(courseGroupId) : '/courses';
  const saved = useSaveOptions((g: CourseGroupRecord) => navigate(groupPath(g.id)));
  const child = courseGroupId
    ? { mutationFn: ({ data }: { data?: unknown }) => callApi(courseGroupCalls.createChild, { params: { id: courseGroupId }, body: data as CourseGroupInput }) }
    : {};
  return (
    <CreateBase resource={courseGroups.name} transform={toBody} mutationOptions={{ ...saved, ...child }}>
      <PageFrame title={translate(`resources.courseGroups.titles.${courseGroupId ? 'createChild' : 'create'}`)} back={back}>
        <GroupForm record={fresh} cancel={back} />
      </PageFrame>
    </CreateBase>
  );
}

function EditFrame({ children }: { children: (g: CourseGroupRecord) => ReactNode }) {
  const { record, isPending, error, refetch } = useEditContext<CourseGroupRecord>();
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} notFound={<CourseNotFoundPage />} forbidden={<CourseForbiddenPage />}>
      {record && children(record)}
    </PageState>
  );
}

/** /courses/course-group/{courseGroupId}/edit */
export function CourseGroupEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseGroupId = '' } = useParams();
  const saved = useSaveOptions(() => navigate(groupPath(courseGroupId)));
  return (
    <EditBase resource={courseGroups.name} id={courseGroupId} mutationMode="pessimistic" transform={toBody} mutationOptions={saved} queryOptions={{ onError: () => undefined }}>
      <EditFrame>
        {(g) => (
          <PageFrame title={`${translate('resources.courseGroups.titles.edit')}: ${g.label}`} back={groupPath(courseGroupId)}>
            <GroupForm record={{ ...g, description: g.description ?? '', begin: inputDay(g.begin), end: inputDay(g.end) }} cancel={groupPath(courseGroupId)} />
          </PageFrame>
        )}
      </EditFrame>
    </EditBase>
  );
}
