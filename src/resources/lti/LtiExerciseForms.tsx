import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ltiCalls, ltiExerciseInput, type LtiExerciseInput } from '../../../shared/calls/lti';
import { exerciseCalls } from '../../../shared/calls/exercises';
import type { ExerciseInfo } from '../../../shared/programs';
import { callApi, callUrl } from '../../http/client';
import { useCall } from '../../http/queries';
import { focusState } from '../../ui/arrivalFocus';
import { FormActions } from '../../ui/FormActions';
import { PageFrame } from '../../ui/PageFrame';
import { labelOfValues } from '../../ui/savedToast';
import { useSubmit } from '../../ui/useSubmit';
import { zodFormResolver } from '../factory/zodFormResolver';
import { ProgramState } from '../programs/common/ProgramState';
import { programQueries, programUrl, useIds } from '../programs/common/useIds';
import { cleanExerciseValues, ExerciseInputs, exerciseDefaults, infoDefaults } from '../programs/exercises/ExerciseInputs';

const k = (key: string) => `resources.lti.${key}`;
const presentations = [
  { id: 'iframe', name: k('presentation.iframe') },
  { id: 'window', name: k('presentation.window') },
];

const bodyOf = (v: Record<string, unknown>): LtiExerciseInput => ({
  ...cleanExerciseValues(v),
  toolId: Number(v.toolId),
  url: (v.url as string) || null,
  presentation: v.presentation === 'window' ? 'window' : v.presentation === 'iframe' ? 'iframe' : null,
});

/** The exercise's fields, its tool and the content's address. */
function LtiInputs() {
  const translate = useTranslate();
  const tools = useCall(ltiCalls.toolChoices, {});
  return (
    <>
      {tools.data?.length === 0 && <Alert severity="info" sx={{ mb: 2 }}>{translate(k('exercise.noTools'))}</Alert>}
      <SelectInput source="toolId" label={k('fields.tool')} choices={(tools.data ?? []).map((t) => ({ id: t.id, name: t.name }))} translateChoice={false} isPending={tools.isPending} />
      <TextInput source="url" label={k('fields.url')} fullWidth type="url" />
      <SelectInput source="presentation" label={k('fields.presentation')} choices={presentations} emptyValue="" emptyText={k('presentation.tool')} />
      <ExerciseInputs />
    </>
  );
}

/** /programs/{programId}/{lessonId}/create-lti: an external tool (LTI 1.3) exercise. */
export function LtiCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const submit = useSubmit(
    (v: Record<string, unknown>) => callApi(ltiCalls.createExercise, { params: { programId, lessonId }, body: bodyOf(v) }),
    (e) => navigate(`/programs/${programId}/${lessonId}/${(e as ExerciseInfo).id}/edit-lti`, focusState('lti-pick')),
    { invalidate: programQueries, successKey: 'resources.programs.notifications.exerciseCreated', successArgs: labelOfValues },
  );
  return (
    <PageFrame title={translate(k('exercise.create'))} back={back}>
      <Form defaultValues={{ ...exerciseDefaults, exerciseType: 30, toolId: '', url: '', presentation: '' }} resolver={zodFormResolver(ltiExerciseInput)} onSubmit={submit}>
        <LtiInputs />
        <FormActions cancel={back} />
      </Form>
    </PageFrame>
  );
}

/**
 * /programs/{programId}/{lessonId}/{exerciseId}/edit-lti: the exercise's info and resource link,
 * and Deep Linking: the tool opens in a new window, and the content picked there comes back
 * (the return page tells this one, which reloads the link).
 */
export function LtiEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const params = { programId, id: exerciseId };
  const info = useCall(exerciseCalls.info, { params });
  const isLti = info.data?.kind === 'lti';
  const link = useCall(ltiCalls.link, { params }, { enabled: isLti });
  const submit = useSubmit((v: Record<string, unknown>) => callApi(ltiCalls.saveLink, { params, body: bodyOf(v) }), () => navigate(back), {
    invalidate: programQueries,
    successKey: 'resources.programs.notifications.exerciseUpdated',
    successArgs: labelOfValues,
  });
  const refetchLink = link.refetch;
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && (e.data as { type?: string } | null)?.type === 'elp:lti-deep-link') void refetchLink();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [refetchLink]);
  const pick = () => window.open(callUrl(ltiCalls.deepLink, { params }), '_blank');
  return (
    <ProgramState isPending={info.isPending || (isLti && link.isPending)} error={info.error ?? link.error} refetch={info.refetch}>
      <PageFrame title={translate(k('exercise.edit'), { label: info.data?.label ?? '' })} back={back}>
        {info.data && !isLti && <Alert severity="info">{translate(k('exercise.notLti'), { label: info.data.label })}</Alert>}
        {info.data && link.data && (
          <>
            <Box component="section" aria-labelledby="lti-pick" sx={{ mb: 3 }}>
              <Typography id="lti-pick" component="h2" variant="h6" tabIndex={-1}>{translate(k('fields.linkTitle'))}</Typography>
              <Typography sx={{ my: 1, overflowWrap: 'anywhere' }} data-testid="lti-link">{link.data.title ?? link.data.url ?? link.data.toolName}</Typography>
              <Button variant="outlined" onClick={pick}>{translate(k('exercise.pick'))}</Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate(k('exercise.pickHint'))}</Typography>
            </Box>
            <Form
              key={`${link.data.url ?? ''}|${link.data.presentation}`}
              defaultValues={{ ...infoDefaults(info.data), toolId: link.data.toolId, url: link.data.url ?? '', presentation: link.data.presentation }}
              resolver={zodFormResolver(ltiExerciseInput)}
              onSubmit={submit}
            >
              <LtiInputs />
              <FormActions cancel={back} />
            </Form>
          </>
        )}
      </PageFrame>
    </ProgramState>
  );
}
