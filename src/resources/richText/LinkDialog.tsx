import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

const isWebOrMail = (url: string) => /^(https?:\/\/|mailto:)/i.test(url.trim());

/** Asks for a link address (http, https or mailto). */
export function LinkDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (url: string) => void }) {
  const translate = useTranslate();
  const [url, setUrl] = useState('https://');
  const valid = isWebOrMail(url) && url.trim().length > 8;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" disableRestoreFocus>
      <DialogTitle>{translate('richText.link')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('richText.linkUrl')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={!valid && url !== 'https://'}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && valid) {
              e.preventDefault();
              onSubmit(url.trim());
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onSubmit(url.trim())}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
