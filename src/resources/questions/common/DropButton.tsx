import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiPath, apiSend, asApiError, errorText, useBankMutation } from '../api';

/**
 * Delete after confirmation. A question shown on slides is refused by the server (409
 * QuestionInUse): its translated title and the places are shown as they come.
 */
export function DropButton({ path, params, onDone, label = 'resources.questions.actions.delete' }: {
  path: string;
  params: Record<string, number | string>;
  onDone?: () => void;
  label?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const drop = useBankMutation(() => apiSend('DELETE', apiPath(path, params)));
  const confirm = async () => {
    try {
      await drop.mutateAsync(undefined);
      setOpen(false);
      notify(translate('resources.questions.messages.deleted'), { type: 'success' });
      onDone?.();
    } catch (e) {
      setOpen(false);
      const err = asApiError(e);
      const text = err.body?.ErrorCode === 'QuestionInUse' ? `${err.body.Title}. ${err.body.Description ?? ''}` : errorText(e) || translate('resources.questions.messages.failed');
      notify(text, { type: 'error', autoHideDuration: 8000 });
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} data-testid="delete">
        {translate(label)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate('resources.questions.titles.confirmDelete')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.questions.messages.confirmDelete')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('resources.questions.actions.cancel')}</Button>
          <Button color="error" onClick={confirm} disabled={drop.isPending} data-testid="confirm-delete">
            {translate('resources.questions.actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
