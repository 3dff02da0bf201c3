import { Form, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { exerciseInput, programPaths as P } from '../../../../shared/programs';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { apiPath, apiSend, useExerciseInfo } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';
import { useSubmit } from '../common/useSubmit';
import { FormActions } from '../forms/FormActions';
import { cleanExerciseValues, ExerciseInputs, exerciseDefaults, infoDefaults } from './ExerciseInputs';

/** /programs/{programId}/{lessonId}/create-exercise: a presentation (standard) exercise. */
export function ExerciseCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const submit = useSubmit(
    (v: Record<string, unknown>) => apiSend('POST', apiPath(P.createPresentation, { programId, lessonId }), cleanExerciseValues(v)),
    () => navigate(back),
  );
  return (
    <ProgramPage title={translate('resources.programs.titles.createExercise')} back={back}>
      <Form defaultValues={exerciseDefaults} resolver={zodFormResolver(exerciseInput)} onSubmit={submit}>
        <ExerciseInputs />
        <FormActions cancel={back} />
      </Form>
    </ProgramPage>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/edit: Info of a presentation exercise. */
export function ExerciseEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const { data, isPending, error, refetch } = useExerciseInfo(programId, exerciseId);
  const submit = useSubmit(
    (v: Record<string, unknown>) => apiSend('PUT', apiPath(P.info, { programId, id: exerciseId }), cleanExerciseValues(v)),
    () => navigate(back),
  );
  return (
    <PageState isPending={isPending} error={error} refetch={refetch}>
      <ProgramPage title={translate('resources.programs.titles.editExercise', { label: data?.label ?? '' })} back={back}>
        {data && (
          <Form defaultValues={infoDefaults(data as never)} resolver={zodFormResolver(exerciseInput)} onSubmit={submit}>
            <ExerciseInputs />
            <FormActions cancel={back} />
          </Form>
        )}
      </ProgramPage>
    </PageState>
  );
}
