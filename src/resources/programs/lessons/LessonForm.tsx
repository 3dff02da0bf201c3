import { Form, TextInput, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { lessonCalls } from '../../../../shared/calls/programs';
import { DESCRIPTION_MAX, LABEL_MAX, lessonInput, type LessonInput, type LessonRecord } from '../../../../shared/programs';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { focusState } from '../../../ui/arrivalFocus';
import { PageFrame } from '../../../ui/PageFrame';
import { labelOfValues } from '../../../ui/savedToast';
import { useSubmit } from '../../../ui/useSubmit';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { FormActions } from '../../../ui/FormActions';
import { ProgramState } from '../common/ProgramState';
import { programQueries, programUrl, useIds } from '../common/useIds';

function LessonFields({ defaults, onSubmit, back }: { defaults: LessonInput; onSubmit: (v: LessonInput) => Promise<unknown>; back: string }) {
  return (
    <Form defaultValues={defaults} resolver={zodFormResolver(lessonInput)} onSubmit={onSubmit as never}>
      <TextInput source="label" label="resources.programs.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <TextInput source="description" label="resources.programs.fields.description" fullWidth multiline minRows={3} inputProps={{ maxLength: DESCRIPTION_MAX }} />
      <FormActions cancel={back} />
    </Form>
  );
}

/** /programs/{programId}/create-lesson */
export function LessonCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId } = useIds();
  const back = programUrl(programId);
  const submit = useSubmit((body: LessonInput) => callApi(lessonCalls.create, { params: { programId }, body }), (lesson) => navigate(back, focusState(`lesson-${(lesson as LessonRecord).id}`)), {
    invalidate: programQueries,
    successKey: 'resources.programs.notifications.lessonCreated',
    successArgs: labelOfValues,
  });
  return (
    <PageFrame title={translate('resources.programs.titles.createLesson')} back={back}>
      <LessonFields defaults={{ label: '', description: '' }} onSubmit={submit} back={back} />
    </PageFrame>
  );
}

/** /programs/{programId}/{lessonId}/edit */
export function LessonEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const { data, isPending, error, refetch } = useCall(lessonCalls.view, { params: { programId, lessonId } });
  const submit = useSubmit((body: LessonInput) => callApi(lessonCalls.edit, { params: { programId, lessonId }, body }), () => navigate(back), {
    invalidate: programQueries,
    successKey: 'resources.programs.notifications.lessonUpdated',
    successArgs: labelOfValues,
  });
  return (
    <ProgramState isPending={isPending} error={error} refetch={refetch}>
      <PageFrame title={translate('resources.programs.titles.editLesson', { label: data?.label ?? '' })} back={back}>
        {data && <LessonFields defaults={{ label: data.label, description: data.description ?? '' }} onSubmit={submit} back={back} />}
      </PageFrame>
    </ProgramState>
  );
}
