import Delete from '@mui/icons-material/Delete';
import { Button, IconButton, LinearProgress, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { programPaths as P } from '../../../../shared/programs';
import { apiPath, apiSend, errorText, keys, useApiQuery } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { percent, uploadWithProgress } from '../../../ui/upload';
import { programUrl, useIds } from '../common/useIds';

interface FilesAnswer {
  files: { id: number; name: string; size: number; title: string | null; address: string }[];
  links: { title: string; address: string }[];
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

/** /programs/{programId}/{lessonId}/{exerciseId}/files: files and links for students. */
export function ExerciseFiles() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { programId, exerciseId } = useIds();
  const key = keys.exercise(programId, exerciseId, 'files');
  const { data, isPending, error, refetch } = useApiQuery<FilesAnswer>(key, apiPath(P.files, { id: exerciseId }));
  const [progress, setProgress] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [links, setLinks] = useState<FilesAnswer['links']>([]);
  useEffect(() => setLinks(data?.links ?? []), [data]);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const fail = (e: unknown) => notify(errorText(e) || translate('resources.programs.messages.failed'), { type: 'error' });

  const upload = async (file: File) => {
    const form = new FormData();
    if (title) form.append('title', title);
    form.append('file', file);
    try {
      await uploadWithProgress(apiPath(P.filesUpload, { id: exerciseId }), form, (f) => setProgress(percent(f)));
      setTitle('');
      notify(translate('resources.programs.messages.uploaded'), { type: 'success' });
      await refresh();
    } catch (e) {
      fail(e);
    } finally {
      setProgress(null);
    }
  };
  const drop = (fileId: number) => apiSend('DELETE', apiPath(P.fileDrop, { id: exerciseId, fileId })).then(refresh, fail);
  const saveLinks = () =>
    apiSend('PUT', apiPath(P.links, { id: exerciseId }), { links }).then(() => {
      notify(translate('resources.programs.messages.saved'), { type: 'success' });
      return refresh();
    }, fail);

  return (
    <ProgramPage title={translate('resources.programs.titles.files')} back={programUrl(programId)}>
      <PageState isPending={isPending} error={error} refetch={refetch}>
        {(data?.files ?? []).length === 0 ? (
          <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noFiles')}</Typography>
        ) : (
          <List>
            {data!.files.map((f) => (
              <ListItem key={f.id} divider secondaryAction={<IconButton aria-label={translate('resources.programs.actions.delete')} onClick={() => drop(f.id)}><Delete /></IconButton>}>
                <ListItemText primary={<a href={f.address}>{f.title || f.name}</a>} secondary={`${f.name}, ${mb(f.size)} MB`} />
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
          <Stack key={i} direction="row" spacing={1} sx={{ my: 1 }}>
            <TextField size="small" label={translate('resources.programs.fields.linkTitle')} value={l.title} onChange={(e) => setLinks(links.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))} />
            <TextField size="small" fullWidth label={translate('resources.programs.fields.linkAddress')} value={l.address} onChange={(e) => setLinks(links.map((x, j) => (j === i ? { ...x, address: e.target.value } : x)))} />
            <IconButton aria-label={translate('resources.programs.actions.delete')} onClick={() => setLinks(links.filter((_, j) => j !== i))}><Delete /></IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={2}>
          <Button onClick={() => setLinks([...links, { title: '', address: '' }])}>{translate('resources.programs.actions.addLink')}</Button>
          <Button variant="contained" onClick={saveLinks}>{translate('resources.programs.actions.save')}</Button>
        </Stack>
      </PageState>
    </ProgramPage>
  );
}
