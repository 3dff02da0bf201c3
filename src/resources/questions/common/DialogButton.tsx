import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A button opening a dialog with a Close button; the content mounts only while open (its reads wait till then). */
export function DialogButton({ label, testId, title, wide, children }: { label: string; testId: string; title?: string; wide?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={testId}>
        {translate(label)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth={wide ? 'md' : 'sm'}>
        {title && <DialogTitle>{translate(title)}</DialogTitle>}
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('app.common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
