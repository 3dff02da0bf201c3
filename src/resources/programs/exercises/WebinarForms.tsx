import { Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTimeInput, Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { programPaths as P, webinarInput, type ExerciseInfo } from '../../../../shared/programs';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { apiPath, apiSend, errorText, useApiQuery, useExerciseInfo, keys } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { percent, uploadWithProgress } from '../../../ui/upload';
import { programUrl, useIds } from '../common/useIds';
import { useSubmit } from '../common/useSubmit';
import { FormActions } from '../forms/FormActions';
import { cleanExerciseValues, ExerciseInputs, exerciseDefaults, infoDefaults } from './ExerciseInputs';
import { LinearProgress } from '@mui/material';

/** Date-time input values → ISO with offset (the server wants an offset), empty → null. */
const webinarValues = (v: Record<string, unknown>) => {
  const out = cleanExerciseValues(v);
  const at = out.webinarStartsAt;
  out.webinarStartsAt = at ? new Date(at as string).toISOString() : null;
  if (!out.webinarLink) out.webinarLink = '';
  return out;
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
  const submit = useSubmit((v: Record<string, unknown>) => apiSend('POST', apiPath(P.createWebinar, { programId, lessonId }), webinarValues(v)), () => navigate(back));
  return (
    <ProgramPage title={translate('resources.programs.titles.createWebinar')} back={back}>
      <Form defaultValues={{ ...exerciseDefaults, exerciseType: 50, webinarLink: '', webinarStartsAt: null }} resolver={zodFormResolver(webinarInput.omit({ webinarStartsAt: true }))} onSubmit={submit}>
        <WebinarInputs />
        <FormActions cancel={back} />
      </Form>
    </ProgramPage>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/webinar/edit: Info/Webinar, and Recreate. */
export function WebinarEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const { data, isPending, error, refetch } = useApiQuery<ExerciseInfo>(keys.exercise(programId, exerciseId, 'webinar'), apiPath(P.infoWebinar, { programId, id: exerciseId }));
  const submit = useSubmit((v: Record<string, unknown>) => apiSend('PUT', apiPath(P.infoWebinar, { programId, id: exerciseId }), webinarValues(v)), () => navigate(back));
  const recreate = async () => {
    try {
      await apiSend('PUT', apiPath(P.webinarRecreate, { id: exerciseId }));
      await client.invalidateQueries({ queryKey: keys.program(programId) });
      notify(translate('resources.programs.messages.recreated'), { type: 'success' });
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <PageState isPending={isPending} error={error} refetch={refetch}>
      <ProgramPage
        title={translate('resources.programs.titles.editWebinar', { label: data?.label ?? '' })}
        back={back}
        actions={<Button onClick={recreate}>{translate('resources.programs.actions.recreate')}</Button>}
      >
        {data && (
          <Form
            key={data.webinarLink ?? ''}
            defaultValues={{ ...infoDefaults(data as never), webinarLink: data.webinarLink ?? '', webinarStartsAt: data.webinarStartsAt }}
            resolver={zodFormResolver(webinarInput.omit({ webinarStartsAt: true }))}
            onSubmit={submit}
          >
            <WebinarInputs />
            <FormActions cancel={back} />
          </Form>
        )}
      </ProgramPage>
    </PageState>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/webinar/video: the recording (upload with progress, or a link). */
export function WebinarVideo() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const info = useExerciseInfo(programId, exerciseId);
  const video = useApiQuery<{ exerciseId: number; link: string | null }>(keys.exercise(programId, exerciseId, 'video'), apiPath(P.webinarVideo, { id: exerciseId }));
  const [link, setLink] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const save = async (address: string) => {
    await apiSend('POST', apiPath(P.webinarVideoSave), { exerciseId: Number(exerciseId), link: address });
    await client.invalidateQueries({ queryKey: keys.program(programId) });
    notify(translate('resources.programs.messages.saved'), { type: 'success' });
  };
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const stored = (await uploadWithProgress('/api/Instructors/Storage/Upload?kind=video', form, (f) => setProgress(percent(f)))) as { address: string };
      await save(stored.address);
    } catch (e) {
      notify(errorText(e) || translate('resources.programs.messages.failed'), { type: 'error' });
    } finally {
      setProgress(null);
    }
  };
  return (
    <ProgramPage title={translate('resources.programs.titles.webinarVideo', { label: info.data?.label ?? '' })} back={back}>
      <PageState isPending={video.isPending} error={video.error} refetch={video.refetch}>
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
            onClick={() => save(link.trim()).then(() => setLink(''), (e) => notify(errorText(e), { type: 'error' }))}
          >
            {translate('resources.programs.actions.save')}
          </Button>
        </Stack>
      </PageState>
    </ProgramPage>
  );
}
