import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { fieldErrors, serverText } from './api';

const k = (key: string) => `resources.runningCourses.${key}`;
export const rcKey = k;

/** Loading, error (with retry) and empty states around a list. */
export function ListState({ isPending, error, empty, onRetry, children }: { isPending: boolean; error: unknown; empty: boolean; onRetry?: () => void; children: ReactNode }) {
  const translate = useTranslate();
  if (isPending) return <Box sx={{ p: 3, textAlign: 'center' }} data-testid="list-loading"><CircularProgress size={28} /></Box>;
  if (error)
    return (
      <Alert severity="error" data-testid="list-error" action={onRetry ? <Button onClick={onRetry}>{translate(k('retry'))}</Button> : undefined}>
        {serverText(error) ?? translate(k('loadFailed'))}
      </Alert>
    );
  if (empty) return <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">{translate(k('empty'))}</Typography>;
  return <>{children}</>;
}

/** A dialog with one e-mail list field (and an optional extra field); shows the server's field error or message. */
export function EmailListDialog({ open, title, onClose, onSubmit, extra }: { open: boolean; title: string; onClose: () => void; onSubmit: (emails: string) => Promise<string | void>; extra?: ReactNode }) {
  const translate = useTranslate();
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      const message = await onSubmit(emails);
      if (message) setInfo(message);
      else {
        setEmails('');
        onClose();
      }
    } catch (e) {
      setError(fieldErrors(e).emails ?? fieldErrors(e).studentsEmails ?? serverText(e) ?? translate(k('failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          label={translate(k('emails'))}
          helperText={error ?? translate(k('emailsHint'))}
          error={!!error}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
        />
        {extra}
        {info && <Alert severity="warning" sx={{ mt: 1 }}>{info}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(k('cancel'))}</Button>
        <Button variant="contained" disabled={busy || !emails.trim()} onClick={submit}>{translate(k('save'))}</Button>
      </DialogActions>
    </Dialog>
  );
}
