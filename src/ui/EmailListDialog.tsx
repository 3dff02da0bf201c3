import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from '../app';
import { fieldErrors, serverText } from '../http/errors';

export interface EmailListDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** sends the list; resolves with a warning to show (the dialog stays open) or nothing (it closes) */
  onSubmit: (emails: string) => Promise<string | void>;
  /** the server's name of the list field, whose error shows under it (default `emails`) */
  field?: string;
  /** more inputs under the list (e.g. a reason) */
  extra?: ReactNode;
}

/**
 * A dialog with one e-mail list (joined by commas or spaces, spec 2 §6): the server's field error
 * shows under the list, any other failure's text too; a warning the caller returns (addresses not
 * found) keeps the dialog open.
 */
export function EmailListDialog({ open, title, onClose, onSubmit, field = 'emails', extra }: EmailListDialogProps) {
  const translate = useTranslate();
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    setWarning(null);
    try {
      const message = await onSubmit(emails);
      if (message) setWarning(message);
      else {
        setEmails('');
        onClose();
      }
    } catch (e) {
      setError(fieldErrors(e)[field] ?? serverText(e) ?? translate('app.common.toast.error'));
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
          label={translate('app.common.emails')}
          helperText={error ?? translate('app.common.emailsHint')}
          error={!!error}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
        />
        {extra}
        {warning && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {warning}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
        <Button variant="contained" disabled={busy || !emails.trim()} onClick={submit}>
          {translate('app.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
