import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { EXPULSION_FILE_MAX_BYTES } from '../../../shared/runningCourses';
import { P, api, fill, serverText, useApi, type ExpulsionRow } from '../../resources/runningCourses/api';
import { uploadWithProgress } from '../../ui/upload';
import { ListState, rcKey as k } from '../../resources/runningCourses/ui';

/** /expulsion: the student's expulsion requests — list, withdraw, edit with a file. */
export default function ExpulsionPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const list = useApi<ExpulsionRow[]>(['myExpulsions'], 'GET', P.myExpulsions);
  const [editing, setEditing] = useState<ExpulsionRow | null>(null);
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['runningCourses', 'myExpulsions'] });
  const withdraw = async (id: number) => {
    try {
      await api('POST', fill(P.myExpulsionWithdraw, { id }));
      notify(k('saved'), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? k('failed'), { type: 'error' });
    }
    await refresh();
  };
  const save = async () => {
    if (!editing) return;
    if (file && file.size > EXPULSION_FILE_MAX_BYTES) return setError(translate(k('certificates.tooLarge')));
    const form = new FormData();
    form.append('reason', reason);
    if (file) form.append('file', file);
    setProgress(0);
    setError(null);
    try {
      await uploadWithProgress(fill(P.myExpulsionEdit, { id: editing.id }), form, setProgress);
      setEditing(null);
      notify(k('saved'), { type: 'success' });
      await refresh();
    } catch (e) {
      setError(serverText(e) ?? translate(k('failed')));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('expulsions.mine'))}</Typography>
      <ListState isPending={list.isPending} error={list.error} empty={(list.data?.length ?? 0) === 0} onRetry={() => list.refetch()}>
        <Stack spacing={2}>
          {list.data?.map((x) => (
            <Card key={x.id} variant="outlined">
              <CardContent>
                <Typography variant="h6">{x.courseLabel}</Typography>
                <Chip size="small" label={translate(k(`status.${x.status}`))} sx={{ my: 1 }} />
                <Typography>{x.reason ?? ''}</Typography>
                {x.file && <a href={x.file.address}>{x.file.name}</a>}
              </CardContent>
              {x.status === 'pending' && (
                <CardActions>
                  <Button onClick={() => { setEditing(x); setReason(x.reason ?? ''); setFile(null); setError(null); }}>{translate(k('edit'))}</Button>
                  <Button color="warning" onClick={() => withdraw(x.id)}>{translate(k('expulsions.withdraw'))}</Button>
                </CardActions>
              )}
            </Card>
          ))}
        </Stack>
      </ListState>
      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(k('edit'))}</DialogTitle>
        <DialogContent>
          <TextField fullWidth multiline minRows={3} margin="dense" label={translate(k('expulsions.reason'))} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button variant="outlined" component="label" sx={{ mt: 1 }}>
            {file ? file.name : translate(k('chooseFile'))}
            <input hidden type="file" accept=".pdf,.doc,.docx,.odt,.png,.jpg,.jpeg" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          {progress !== null && <LinearProgress sx={{ mt: 2 }} variant="determinate" value={progress * 100} />}
          {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{translate(k('cancel'))}</Button>
          <Button variant="contained" disabled={progress !== null} onClick={save}>{translate(k('save'))}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
