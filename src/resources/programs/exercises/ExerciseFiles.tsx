import Delete from '@mui/icons-material/Delete';
import { Button, IconButton, LinearProgress, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { exerciseCalls, type ExerciseLink } from '../../../../shared/calls/exercises';
import { callApi, callUrl } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { useNumbers } from '../../../ui/numbers';
import { PageFrame } from '../../../ui/PageFrame';
import { percent, uploadWithProgress } from '../../../ui/upload';
import { useToasts } from '../../../ui/useToasts';
import { ProgramState } from '../common/ProgramState';
import { programUrl, useIds } from '../common/useIds';


/** /programs/{programId}/{lessonId}/{exerciseId}/files: files and links for students. */
export function ExerciseFiles() {
  const translate = useTranslate();
  const numbers = useNumbers();
  const toasts = useToasts();
  const { programId, exerciseId } = useIds();
  const params = { id: exerciseId };
  const { data, isPending, error, refetch } = useCall(exerciseCalls.files, { params });
  const [progress, setProgress] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [links, setLinks] = useState<ExerciseLink[]>([]);
  useEffect(() => setLinks(data?.links ?? []), [data]);

  const upload = async (file: File) => {
    const form = new FormData();
    if (title) form.append('title', title);
    form.append('file', file);
    try {
      await uploadWithProgress(callUrl(exerciseCalls.uploadFile, { params }), form, (f) => setProgress(percent(f)));
      setTitle('');
      toasts.done('resources.programs.messages.uploaded');
      await refetch();
    } catch (e) {
      toasts.failed(e);
    } finally {
      setProgress(null);
    }
  };
  const drop = (fileId: number) => callApi(exerciseCalls.dropFile, { params: { ...params, fileId } }).then(() => refetch(), toasts.failed);
  const saveLinks = async () => (await toasts.run(() => callApi(exerciseCalls.saveLinks, { params, body: { links } }), 'resources.programs.messages.linksSaved')) && refetch();

  return (
    <PageFrame title={translate('resources.programs.titles.files')} back={programUrl(programId)}>
      <ProgramState isPending={isPending} error={error} refetch={refetch}>
        {(data?.files ?? []).length === 0 ? (
          <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noFiles')}</Typography>
        ) : (
          <List>
            {data!.files.map((f) => (
              <ListItem key={f.id} divider secondaryAction={<IconButton aria-label={translate('resources.programs.actions.delete')} onClick={() => drop(f.id)}><Delete /></IconButton>}>
                <ListItemText primary={<a href={f.address}>{f.title || f.name}</a>} secondary={`${f.name}, ${numbers.fileSize(f.size)}`} />
              </ListItem>
            ))}
          </List>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems="center">
          <TextField size="small" label={translate('resources.programs.fields.fileTitle')} value={title} onChange={(e) => setTitle(e.target.value)} />
          <Button variant="outlined" component="label" disabled={progress !== null}>
            {translate('resources.programs.actions.uploadFile')}
            <input hidden type="file" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
          </Button>
        </Stack>
        {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} />}
        <Typography variant="subtitle1" sx={{ mt: 3 }}>{translate('resources.programs.titles.links')}</Typography>
        {links.map((l, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
            <TextField size="small" label={translate('resources.programs.fields.linkTitle')} value={l.title} onChange={(e) => setLinks(links.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))} />
            <TextField size="small" fullWidth label={translate('resources.programs.fields.linkAddress')} value={l.address} onChange={(e) => setLinks(links.map((x, j) => (j === i ? { ...x, address: e.target.value } : x)))} />
            <IconButton aria-label={translate('resources.programs.actions.delete')} onClick={() => setLinks(links.filter((_, j) => j !== i))}><Delete /></IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={2}>
          <Button onClick={() => setLinks([...links, { title: '', address: '' }])}>{translate('resources.programs.actions.addLink')}</Button>
          <Button variant="contained" onClick={saveLinks}>{translate('ra.action.save')}</Button>
        </Stack>
      </ProgramState>
    </PageFrame>
  );
}
