import { AutocompleteArrayInput, BooleanInput, DateInput, Form, TextInput, useTranslate } from 'react-admin';
import { Grid } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { courseGroupInput, courseGroupPaths as P, SET_LABEL_MAX, type CourseGroupRecord } from '../../../shared/courseGroups';
import { coursePaths, type CourseOption } from '../../../shared/courses';
import { courseFormResolver } from '../courses/forms/resolver';
import { apiPath, apiSend, toDay, useApiQuery } from '../courses/api';
import { CoursePage } from '../courses/common/CoursePage';
import { PageState } from '../courses/common/PageState';
import { useSubmit } from '../courses/common/useSubmit';
import { FormActions } from '../courses/forms/FormActions';
import { groupPath, useCourseGroup } from './api';

const f = (name: string) => `resources.courseGroups.fields.${name}`;

function GroupInputs() {
  const courses = useApiQuery<CourseOption[]>(['courses', 'options'], coursePaths.options);
  return (
    <>
      <TextInput source="label" label={f('label')} fullWidth inputProps={{ maxLength: SET_LABEL_MAX }} />
      <TextInput source="description" label={f('description')} fullWidth multiline minRows={2} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateInput source="begin" label={f('begin')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateInput source="end" label={f('end')} fullWidth />
        </Grid>
      </Grid>
      <AutocompleteArrayInput
        source="trainingIds"
        label={f('trainingIds')}
        choices={courses.data ?? []}
        optionText="label"
        isPending={courses.isPending}
        fullWidth
      />
      <BooleanInput source="isPublished" label={f('isPublished')} />
    </>
  );
}

const body = (values: Record<string, unknown>) => ({
  ...values,
  description: values.description || null,
  begin: values.begin || null,
  end: values.end || null,
});

/** /courses/course-group/create (a top-level group) and /courses/course-group/{courseGroupId}/create (a child). */
export function CourseGroupCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseGroupId } = useParams();
  const url = courseGroupId ? apiPath(P.child, { id: courseGroupId }) : P.sets;
  const back = courseGroupId ? groupPath(courseGroupId) : '/courses';
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend<CourseGroupRecord>('POST', url, body(values)),
    (g) => navigate(groupPath((g as CourseGroupRecord).id)),
  );
  return (
    <CoursePage title={translate(`resources.courseGroups.titles.${courseGroupId ? 'createChild' : 'create'}`)} back={back}>
      <Form defaultValues={{ label: '', trainingIds: [], isPublished: false }} resolver={courseFormResolver(courseGroupInput)} onSubmit={submit}>
        <GroupInputs />
        <FormActions cancel={back} />
      </Form>
    </CoursePage>
  );
}

/** /courses/course-group/{courseGroupId}/edit */
export function CourseGroupEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { courseGroupId = '' } = useParams();
  const group = useCourseGroup(courseGroupId);
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend<CourseGroupRecord>('PUT', apiPath(P.set, { id: courseGroupId }), body(values)),
    () => navigate(groupPath(courseGroupId)),
  );
  const g = group.data;
  return (
    <PageState isPending={group.isPending} error={group.error} refetch={group.refetch}>
      {g && (
        <CoursePage title={`${translate('resources.courseGroups.titles.edit')}: ${g.label}`} back={groupPath(courseGroupId)}>
          <Form
            defaultValues={{ label: g.label, description: g.description ?? '', begin: toDay(g.begin), end: toDay(g.end), isPublished: g.isPublished, trainingIds: g.trainingIds }}
            resolver={courseFormResolver(courseGroupInput)}
            onSubmit={submit}
          >
            <GroupInputs />
            <FormActions cancel={groupPath(courseGroupId)} />
          </Form>
        </CoursePage>
      )}
    </PageState>
  );
}
