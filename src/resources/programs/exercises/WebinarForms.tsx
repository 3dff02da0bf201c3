import { Alert, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { DateTimeInput, Form, TextInput, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import { webinarInput, type ExerciseInfo, type WebinarInput } from '../../../../shared/programs';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { focusState } from '../../../ui/arrivalFocus';
import { PageFrame } from '../../../ui/PageFrame';
import { percent, uploadWithProgress } from '../../../ui/upload';
import { labelOfValues } from '../../../ui/savedToast';
import { useSubmit } from '../../../ui/useSubmit';
import { useToasts } from '../../../ui/useToasts';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { FormActions } from '../../../ui/FormActions';
import { ProgramState } from '../common/ProgramState';
import { programQueries, programUrl, useIds } from '../common/useIds';
import { exerciseEditPath } from '../show/ExerciseRow';
import { cleanExerciseValues, ExerciseInputs, exerciseDefaults, infoDefaults } from './ExerciseInputs';

/** Date-time input values → ISO with offset (the server wants an offset), empty → null. */
const webinarValues = (v: Record<string, unknown>): WebinarInput => {
  const at = v.webinarStartsAt;
  return { ...cleanExerciseValues(v), webinarStartsAt: at ? new Date(at as string).toISOString() : null, webinarLink: (v.webinarLink as string) || '' };
};

function WebinarInputs() {
  return (
    <>
      <ExerciseInputs />
      <TextInput source="webinarLink" label="resources.programs.fields.webinarLink" fullWidth helperText="resources.programs.hints.webinarLink" />
      <DateTimeInput source="webinarStartsAt" label="resources.programs.fields.webinarStartsAt" />
    </>
  );
}

/** /programs/{programId}/{lessonId}/webinar/create */
export function WebinarCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const submit = useSubmit((v: Record<string, unknown>) => callApi(exerciseCalls.createWebinar, { params: { programId, lessonId }, body: webinarValues(v) }), (e) => navigate(back, focusState(`exercise-${(e as ExerciseInfo).id}`)), {
    invalidate: programQueries,
    successKey: 'resources.programs.notifications.exerciseCreated',
    successArgs: labelOfValues,
  });
  return (
    <PageFrame title={translate('resources.programs.titles.createWebinar')} back={back}>
      <Form defaultValues={{ ...exerciseDefaults, exerciseType: 50, webinarLink: '', webinarStartsAt: null }} resolver={zodFormResolver(webinarInput.omit({ webinarStartsAt: true }))} onSubmit={submit}>
        <WebinarInputs />
        <FormActions cancel={back} />
      </Form>
    </PageFrame>
  );
}

/**
 * A webinar screen opened for an exercise that is not a webinar (a typed or stale address): said
 * on the page, with the way to where that exercise is edited — not a failing webinar call.
 */
function NotWebinar({ programId, exercise }: { programId: string; exercise: ExerciseInfo }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      data-testid="not-webinar"
      action={<Button color="inherit" size="small" component={Link} to={exerciseEditPath(programId, exercise)}>{translate('resources.programs.actions.edit')}</Button>}
    >
      {translate('resources.programs.messages.notWebinar', { label: exercise.label })}
    </Alert>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/webinar/edit: the exercise's info (a webinar's), and Recreate. */
export function WebinarEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const params = { programId, id: exerciseId };
  // the exercise's info (the same shape as Info/Webinar, which refuses any other kind): it says whether it is a webinar
  const { data, isPending, error, refetch } = useCall(exerciseCalls.info, { params });
  const webinar = data?.kind === 'webinar';
  const submit = useSubmit((v: Record<string, unknown>) => callApi(exerciseCalls.saveWebinarInfo, { params, body: webinarValues(v) }), () => navigate(back), {
    invalidate: programQueries,
    successKey: 'resources.programs.notifications.exerciseUpdated',
    successArgs: labelOfValues,
  });
  // a new room: the form shows its link (keyed by it)
  const recreate = async () => (await toasts.run(() => callApi(exerciseCalls.recreateWebinar, { params: { id: exerciseId } }), 'resources.programs.messages.recreated')) && refetch();
  return (
    <ProgramState isPending={isPending} error={error} refetch={refetch}>
      <PageFrame
        title={translate('resources.programs.titles.editWebinar', { label: data?.label ?? '' })}
        back={back}
        actions={webinar && <Button onClick={recreate}>{translate('resources.programs.actions.recreate')}</Button>}
      >
        {data && !webinar && <NotWebinar programId={programId} exercise={data} />}
        {data && webinar && (
          <Form
            key={data.webinarLink ?? ''}
            defaultValues={{ ...infoDefaults(data), webinarLink: data.webinarLink ?? '', webinarStartsAt: data.webinarStartsAt }}
            resolver={zodFormResolver(webinarInput.omit({ webinarStartsAt: true }))}
            onSubmit={submit}
          >
            <WebinarInputs />
            <FormActions cancel={back} />
          </Form>
        )}
      </PageFrame>
    </ProgramState>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/webinar/video: the recording (upload with progress, or a link). */
export function WebinarVideo() {
  const translate = useTranslate();
  const toasts = useToasts();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const info = useCall(exerciseCalls.info, { params: { programId, id: exerciseId } });
  // asked only of a webinar (the call refuses any other kind)
  const video = useCall(exerciseCalls.webinarRecording, info.data?.kind === 'webinar' ? { params: { id: exerciseId } } : null);
  const [link, setLink] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const save = async (address: string) => {
    await callApi(exerciseCalls.saveWebinarRecording, { body: { exerciseId: Number(exerciseId), link: address } });
    await video.refetch();
    toasts.done('resources.programs.messages.recordingSaved');
  };
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const stored = (await uploadWithProgress('/api/Instructors/Storage/Upload?kind=video', form, (f) => setProgress(percent(f)))) as { address: string };
      await save(stored.address);
    } catch (e) {
      toasts.failed(e);
    } finally {
      setProgress(null);
    }
  };
  return (
    <PageFrame title={translate('resources.programs.titles.webinarVideo', { label: info.data?.label ?? '' })} back={back}>
      {info.data && info.data.kind !== 'webinar' ? <NotWebinar programId={programId} exercise={info.data} /> : (
      <ProgramState isPending={info.isPending || video.isPending} error={info.error ?? video.error} refetch={() => (info.error ? info.refetch() : video.refetch())}>
        <Typography sx={{ mb: 2 }} data-testid="recording">
          {video.data?.link ? (
            <a href={video.data.link} target="_blank" rel="noreferrer">{translate('resources.programs.recordingLink')}</a>
          ) : (
            translate('resources.programs.messages.noRecording')
          )}
        </Typography>
        <Button variant="outlined" component="label" disabled={progress !== null}>
          {translate('resources.programs.actions.uploadVideo')}
          <input hidden type="file" accept="video/*" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
        </Button>
        {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} data-testid="upload-progress" />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <TextField fullWidth size="small" label={translate('resources.programs.fields.recordingLink')} value={link} onChange={(e) => setLink(e.target.value)} />
          <Button
            variant="contained"
            disabled={!link.trim()}
            onClick={() => save(link.trim()).then(() => setLink(''), toasts.failed)}
          >
            {translate('ra.action.save')}
          </Button>
        </Stack>
      </ProgramState>
      )}
    </PageFrame>
  );
}
