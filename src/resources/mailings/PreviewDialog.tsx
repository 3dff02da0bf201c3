import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { mailingCalls } from '../../../shared/calls/mailings';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { SafeHtml } from '../richText';

/** The letter as a sample student would get it (rendered by the server: fields filled in, footer in the reader's language). */
export function PreviewDialog({ courseId, subject, body, onClose }: { courseId: string; subject: string; body: string; onClose: () => void }) {
  const translate = useTranslate();
  const [letter, setLetter] = useState<{ subject: string; html: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    callApi(mailingCalls.preview, { params: { courseId }, body: { subject, body } }).then(setLetter, (e: unknown) => setError(serverText(e) ?? translate('app.common.toast.error')));
  }, [courseId, subject, body, translate]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('resources.mailings.preview.title')}</DialogTitle>
      <DialogContent data-testid="mailing-preview">
        {error && <Alert severity="error">{error}</Alert>}
        {!letter && !error && <CircularProgress size={24} />}
        {letter && (
          <>
            <Typography variant="subtitle2">
              {translate('resources.mailings.preview.subject')}: {letter.subject}
            </Typography>
            {/* the server's whole letter (body and footer), shown through the same sanitiser as stored rich text */}
            <SafeHtml html={letter.html.replace(/^[^]*<body>|<\/body>[^]*$/g, '')} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.mailings.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
