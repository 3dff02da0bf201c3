import { Alert, Button, Card, CardActions, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { applicationCalls, EXPULSION_FILE_EXTENSIONS, EXPULSION_FILE_MAX_BYTES, type ExpulsionApplication } from '../../../shared/calls/applications';
import { callApi, callUrl } from '../../http/client';
import { serverText } from '../../http/errors';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { percent, uploadWithProgress } from '../../ui/upload';

const k = (key: string) => `resources.applications-expulsion.mine.${key}`;
const status = (s: string) => `resources.applications-enrollment.status.${s}`;

/** /expulsion: the student's expulsion requests — list, withdraw, edit with a file. */
export default function ExpulsionPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const list = useCall(applicationCalls.myExpulsions, {});
  const [editing, setEditing] = useState<ExpulsionApplication | null>(null);
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: callKey(applicationCalls.myExpulsions) });
  const withdraw = async (id: number) => {
    try {
      await callApi(applicationCalls.withdrawExpulsion, { params: { id } });
      notify('app.common.toast.saved', { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? 'app.common.toast.error', { type: 'error' });
    }
    await refresh();
  };
  const save = async () => {
    if (!editing) return;
    if (file && file.size > EXPULSION_FILE_MAX_BYTES) return setError(translate(k('tooLarge')));
    const form = new FormData();
    form.append('reason', reason);
    if (file) form.append('file', file);
    setProgress(0);
    setError(null);
    try {
      await uploadWithProgress(callUrl(applicationCalls.editExpulsion, { params: { id: editing.id } }), form, setProgress);
      setEditing(null);
      notify('app.common.toast.saved', { type: 'success' });
      await refresh();
    } catch (e) {
      setError(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <PageFrame title={translate(k('title'))} plain>
      <PageState isPending={list.isPending} error={list.error} isEmpty={list.data?.length === 0} refetch={list.refetch}>
        <Stack spacing={2}>
          {list.data?.map((x) => (
            <Card key={x.id} variant="outlined">
              <CardContent>
                <Typography variant="h6">{x.courseLabel}</Typography>
                <Chip size="small" label={translate(status(x.status))} sx={{ my: 1 }} />
                <Typography>{x.reason ?? ''}</Typography>
                {x.file && <a href={x.file.address}>{x.file.name}</a>}
              </CardContent>
              {x.status === 'pending' && (
                <CardActions>
                  <Button onClick={() => { setEditing(x); setReason(x.reason ?? ''); setFile(null); setError(null); }}>{translate('app.common.edit')}</Button>
                  <Button color="warning" onClick={() => withdraw(x.id)}>{translate(k('withdraw'))}</Button>
                </CardActions>
              )}
            </Card>
          ))}
        </Stack>
      </PageState>
      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.common.edit')}</DialogTitle>
        <DialogContent>
          <TextField fullWidth multiline minRows={3} margin="dense" label={translate(k('reason'))} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button variant="outlined" component="label" sx={{ mt: 1 }}>
            {file ? file.name : translate(k('chooseFile'))}
            <input hidden type="file" accept={EXPULSION_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          {progress !== null && <LinearProgress sx={{ mt: 2 }} variant="determinate" value={percent(progress)} />}
          {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{translate('app.common.cancel')}</Button>
          <Button variant="contained" disabled={progress !== null} onClick={save}>{translate('app.common.save')}</Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
}
