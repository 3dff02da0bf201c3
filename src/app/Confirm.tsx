import ActionCheck from '@mui/icons-material/CheckCircle';
import AlertError from '@mui/icons-material/ErrorOutlineOutlined';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';

export interface ConfirmProps {
  isOpen: boolean;
  /** texts or keys of the catalogue */
  title: string;
  content: ReactNode;
  confirm?: string;
  cancel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question in a dialog (react-admin's Confirm's props, on plain MUI). */
export function Confirm({ isOpen, title, content, confirm = 'app.common.confirm', cancel = 'app.common.cancel', loading, onConfirm, onClose }: ConfirmProps) {
  const translate = useTranslate();
  const text = (t: string) => translate(t, { _: t });
  return (
    <Dialog open={isOpen} onClose={loading ? undefined : onClose} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{text(title)}</DialogTitle>
      <DialogContent>{typeof content === 'string' ? <DialogContentText>{text(content)}</DialogContentText> : content}</DialogContent>
      <DialogActions>
        <Button disabled={loading} onClick={onClose} startIcon={<AlertError />}>
          {text(cancel)}
        </Button>
        <Button disabled={loading} onClick={onConfirm} color="primary" autoFocus className="ra-confirm" startIcon={loading ? <CircularProgress size={16} /> : <ActionCheck />}>
          {text(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
