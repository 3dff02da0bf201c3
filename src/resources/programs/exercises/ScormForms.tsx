import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import { exerciseInput, type ExerciseInfo } from '../../../../shared/programs';
import { callApi, callUrl } from '../../../http/client';
import { fieldErrors, serverText } from '../../../http/errors';
import { useCall } from '../../../http/queries';
import { focusState } from '../../../ui/arrivalFocus';
import { PageFrame } from '../../../ui/PageFrame';
import { percent, uploadWithProgress } from '../../../ui/upload';
import { useSavedToast } from '../../../ui/savedToast';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { FormActions } from '../../../ui/FormActions';
import { ProgramState } from '../common/ProgramState';
import { programQueries, programUrl, useIds } from '../common/useIds';
import { cleanExerciseValues, ExerciseInputs, exerciseDefaults, infoDefaults } from './ExerciseInputs';

const EDITION_KEYS: Record<string, string> = { '1.2': 'ed12', '2004': 'ed2004', '2004 2nd': 'ed2004_2', '2004 3rd': 'ed2004_3', '2004 4th': 'ed2004_4' };

/** What the server recognised in the package: version and edition, SCO count, sequencing, launch page. */
export function scormSummary(translate: (key: string, options?: object) => string, scorm: NonNullable<ExerciseInfo['scorm']>): string {
  const key = EDITION_KEYS[scorm.edition ?? scorm.version ?? ''];
  return translate('resources.programs.scormSummary', {
    edition: key ? translate(`resources.programs.scormEdition.${key}`) : (scorm.edition ?? scorm.version ?? '?'),
    scos: scorm.scoCount,
    sequencing: translate(`resources.programs.scormSequencing.${scorm.sequencing ? 'yes' : 'no'}`),
    launch: scorm.launch ?? '?',
  });
}

/** Picks the package (a .zip) and shows the upload progress and the server's reason on failure. */
function PackagePicker({ file, onFile, progress, problem, required }: { file: File | null; onFile: (f: File | null) => void; progress: number | null; problem: string; required: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ my: 2 }}>
      <Button variant="outlined" component="label">
        {translate(required ? 'resources.programs.actions.choosePackage' : 'resources.programs.actions.replacePackage')}
        <input hidden type="file" accept=".zip,application/zip" data-testid="scorm-file" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      </Button>
      <Typography component="span" sx={{ ml: 2 }}>{file?.name ?? translate('resources.programs.hints.scormPackage')}</Typography>
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} data-testid="upload-progress" />}
      {problem && <Alert severity="error" sx={{ mt: 1 }}>{problem}</Alert>}
    </Box>
  );
}

function useScormSubmit(send: (form: FormData, values: Record<string, unknown>, onProgress: (p: number) => void) => Promise<ExerciseInfo | undefined>, back: string, fileRequired: boolean, file: File | null) {
  const translate = useTranslate();
  const toast = useSavedToast();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const submit = async (values: Record<string, unknown>) => {
    if (fileRequired && !file) return setProblem(translate('resources.programs.validation.fileRequired'));
    setProblem('');
    const form = new FormData();
    for (const [k, v] of Object.entries(cleanExerciseValues(values))) if (v !== null && v !== undefined) form.append(k, String(v));
    if (file) form.append('file', file);
    try {
      const uploaded = await send(form, values, (p) => setProgress(p));
      for (const queryKey of programQueries) await client.invalidateQueries({ queryKey });
      // a new package: what was recognised in it, for the instructor to check
      if (uploaded?.scorm) notify(translate('resources.programs.scormUploaded', { summary: scormSummary(translate, uploaded.scorm) }), { type: 'success', autoHideDuration: 10_000 });
      else toast(`resources.programs.notifications.${fileRequired ? 'exerciseCreated' : 'exerciseUpdated'}`, fileRequired ? 'created' : 'updated', values.label);
      // a new exercise takes focus on the program's page
      navigate(back, fileRequired && uploaded ? focusState(`exercise-${uploaded.id}`) : undefined);
    } catch (e) {
      setProgress(null);
      const fields = fieldErrors(e);
      if ((e as { status?: number }).status === 400 && Object.keys(fields).length) return fields;
      setProblem(serverText(e) ?? translate('app.common.toast.error'));
    }
    return undefined;
  };
  return { submit, progress, problem };
}

/** /programs/{programId}/{lessonId}/create-scorm */
export function ScormCreate() {
  const translate = useTranslate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const [file, setFile] = useState<File | null>(null);
  const { submit, progress, problem } = useScormSubmit(
    (form, _v, onProgress) => uploadWithProgress<ExerciseInfo>(callUrl(exerciseCalls.createScorm, { params: { programId, lessonId } }), form, (f) => onProgress(percent(f))),
    back,
    true,
    file,
  );
  return (
    <PageFrame title={translate('resources.programs.titles.createScorm')} back={back}>
      <Form defaultValues={{ ...exerciseDefaults, exerciseType: 20 }} resolver={zodFormResolver(exerciseInput)} onSubmit={submit as never}>
        <ExerciseInputs />
        <PackagePicker file={file} onFile={setFile} progress={progress} problem={problem} required />
        <FormActions cancel={back} />
      </Form>
    </PageFrame>
  );
}

/** /programs/{programId}/{lessonId}/{exerciseId}/edit-scorm: Info, and optionally a new package. */
export function ScormEdit() {
  const translate = useTranslate();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const [file, setFile] = useState<File | null>(null);
  const params = { programId, id: exerciseId };
  const { data, isPending, error, refetch } = useCall(exerciseCalls.info, { params });
  const { submit, progress, problem } = useScormSubmit(
    async (form, values, onProgress) => {
      await callApi(exerciseCalls.saveInfo, { params, body: cleanExerciseValues(values) });
      return file ? uploadWithProgress<ExerciseInfo>(callUrl(exerciseCalls.replaceScorm, { params }), form, (f) => onProgress(percent(f))) : undefined;
    },
    back,
    false,
    file,
  );
  const scorm = data?.scorm;
  return (
    <ProgramState isPending={isPending} error={error} refetch={refetch}>
      <PageFrame title={translate('resources.programs.titles.editScorm', { label: data?.label ?? '' })} back={back}>
        {data && (
          <Form defaultValues={infoDefaults(data)} resolver={zodFormResolver(exerciseInput)} onSubmit={submit as never}>
            {scorm && (
              <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="scorm-summary">
                {scormSummary(translate, scorm)}
              </Typography>
            )}
            <ExerciseInputs />
            <PackagePicker file={file} onFile={setFile} progress={progress} problem={problem} required={false} />
            <FormActions cancel={back} />
          </Form>
        )}
      </PageFrame>
    </ProgramState>
  );
}
