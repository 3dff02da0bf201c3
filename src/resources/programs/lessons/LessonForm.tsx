import { Form, TextInput, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DESCRIPTION_MAX, LABEL_MAX, lessonInput, programPaths as P } from '../../../../shared/programs';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { apiPath, apiSend, useLesson } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';
import { useSubmit } from '../common/useSubmit';
import { FormActions } from '../forms/FormActions';

function LessonFields({ defaults, onSubmit, back }: { defaults: Record<string, unknown>; onSubmit: (v: Record<string, unknown>) => Promise<unknown>; back: string }) {
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
  const submit = useSubmit((v: Record<string, unknown>) => apiSend('POST', apiPath(P.lessonCreate, { programId }), v), () => navigate(back));
  return (
    <ProgramPage title={translate('resources.programs.titles.createLesson')} back={back}>
      <LessonFields defaults={{ label: '', description: '' }} onSubmit={submit} back={back} />
    </ProgramPage>
  );
}

/** /programs/{programId}/{lessonId}/edit */
export function LessonEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const { data, isPending, error, refetch } = useLesson(programId, lessonId);
  const submit = useSubmit((v: Record<string, unknown>) => apiSend('PUT', apiPath(P.lessonEdit, { programId, lessonId }), v), () => navigate(back));
  return (
    <PageState isPending={isPending} error={error} refetch={refetch}>
      <ProgramPage title={translate('resources.programs.titles.editLesson', { label: data?.label ?? '' })} back={back}>
        {data && <LessonFields defaults={{ label: data.label, description: data.description ?? '' }} onSubmit={submit} back={back} />}
      </ProgramPage>
    </PageState>
  );
}
