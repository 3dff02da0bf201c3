import { Button } from '@mui/material';
import { Form, useCanAccess, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import { exerciseInput, type ExerciseInfo } from '../../../../shared/programs';
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
import { cleanExerciseValues, ExerciseInputs, exerciseDefaults, infoDefaults } from './ExerciseInputs';

/** /programs/{programId}/{lessonId}/create-exercise: a presentation (standard) exercise. */
export function ExerciseCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const submit = useSubmit(
    (v: Record<string, unknown>) => callApi(exerciseCalls.createPresentation, { params: { programId, lessonId }, body: cleanExerciseValues(v) }),
    (exercise) => navigate(back, focusState(`exercise-${(exercise as ExerciseInfo).id}`)),
    { invalidate: programQueries, successKey: 'resources.programs.notifications.exerciseCreated', successArgs: labelOfValues },
  );
  return (
    <PageFrame title={translate('resources.programs.titles.createExercise')} back={back}>
      <Form defaultValues={exerciseDefaults} resolver={zodFormResolver(exerciseInput)} onSubmit={submit}>
        <ExerciseInputs />
        <FormActions cancel={back} />
      </Form>
    </PageFrame>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/edit: Info of a presentation exercise. */
export function ExerciseEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId, exerciseId } = useIds();
  const back = programUrl(programId);
  const params = { programId, id: exerciseId };
  const reflection = `/programs/${programId}/${lessonId}/${exerciseId}/reflection`;
  // the reflection questions take the slides' rule (shared/permissions.ts screenRules)
  const { canAccess: canReflect } = useCanAccess({ action: 'list', resource: reflection });
  const { data, isPending, error, refetch } = useCall(exerciseCalls.info, { params });
  const submit = useSubmit((v: Record<string, unknown>) => callApi(exerciseCalls.saveInfo, { params, body: cleanExerciseValues(v) }), () => navigate(back), {
    invalidate: programQueries,
    successKey: 'resources.programs.notifications.exerciseUpdated',
    successArgs: labelOfValues,
  });
  return (
    <ProgramState isPending={isPending} error={error} refetch={refetch}>
      <PageFrame
        title={translate('resources.programs.titles.editExercise', { label: data?.label ?? '' })}
        back={back}
        actions={
          canReflect && (
            <Button component={Link} to={reflection} size="small" data-testid="exercise-reflection-link">
              {translate('resources.reflection.link')}
            </Button>
          )
        }
      >
        {data && (
          <Form defaultValues={infoDefaults(data)} resolver={zodFormResolver(exerciseInput)} onSubmit={submit}>
            <ExerciseInputs />
            <FormActions cancel={back} />
          </Form>
        )}
      </PageFrame>
    </ProgramState>
  );
}
