import { Alert, Button, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { mailingCalls } from '../../../shared/calls/mailings';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { PreviewDialog } from './PreviewDialog';
import { useMailingScreen } from './useKind';

/** /courses/{courseId}/manual-notifications/{notificationId}/send: preview, then send now or at a time. */
export default function MailingSend() {
  const { courseId, notificationId = '', k } = useMailingScreen();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { data: m, isPending, error, refetch } = useCall(mailingCalls.get, { params: { courseId, mailingId: notificationId } });
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  const view = `/courses/${courseId}/manual-notifications/${notificationId}`;
  const send = async () => {
    setBusy(true);
    setAtError(null);
    try {
      await callApi(mailingCalls.send, { params: { courseId, mailingId: notificationId }, body: { at: when === 'at' && at ? new Date(at).toISOString() : null } });
      notify(translate(k('send.sent')), { type: 'success' });
      navigate(view);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.at) setAtError(fields.at);
      else notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame title={translate(k('send.title'))} back={view}>
      <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch}>
        {m && (
          <Stack spacing={2} sx={{ maxWidth: 520 }}>
            {m.state === 'sent' && <Alert severity="info">{translate(k('send.already'))}</Alert>}
            <RadioGroup value={when} onChange={(e) => setWhen(e.target.value as 'now' | 'at')}>
              <FormControlLabel value="now" control={<Radio />} label={translate(k('send.now'))} />
              <FormControlLabel value="at" control={<Radio />} label={translate(k('send.at'))} />
            </RadioGroup>
            {when === 'at' && (
              <TextField type="datetime-local" label={translate(k('send.time'))} value={at} onChange={(e) => setAt(e.target.value)} error={!!atError} helperText={atError ?? ' '} slotProps={{ inputLabel: { shrink: true } }} />
            )}
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setPreview(true)} data-testid="mailing-preview-button">{translate(k('actions.preview'))}</Button>
              <Button variant="contained" disabled={busy || m.state === 'sent' || (when === 'at' && !at)} onClick={send} data-testid="mailing-send">
                {translate(k('actions.send'))}
              </Button>
              <Button component={Link} to={view}>{translate('ra.action.cancel')}</Button>
            </Stack>
            {preview && <PreviewDialog courseId={courseId} subject={m.subject} body={m.body} onClose={() => setPreview(false)} />}
          </Stack>
        )}
      </PageState>
    </PageFrame>
  );
}
