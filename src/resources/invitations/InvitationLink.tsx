import ContentCopy from '@mui/icons-material/ContentCopy';
import QrCode2 from '@mui/icons-material/QrCode2';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { inviteLink } from './paths';

const InvitationQr = lazy(() => import('./InvitationQr'));

const k = (key: string) => `resources.invitations.${key}`;

/** Puts text on the clipboard: the async API, else the old copy command on a selected field (plain http, older browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.appendChild(field);
    field.select();
    const ok = document.execCommand('copy');
    field.remove();
    return ok;
  }
}

/**
 * An invitation's link with what an instructor does with it: copy it (a toast says it is copied)
 * and show its QR code (a dialog, for a slide or a printed sheet). The link wraps on a phone.
 */
export function InvitationLink({ code }: { code: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [qr, setQr] = useState(false);
  const link = inviteLink(code);
  const copy = async () => {
    const ok = await copyText(link);
    notify(translate(k(ok ? 'copied' : 'copyFailed')), { type: ok ? 'success' : 'error' });
  };
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} sx={{ minWidth: 0 }} onClick={(e) => e.stopPropagation()}>
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="invitation-link">
        {link}
      </Typography>
      <Tooltip title={translate(k('copy'))}>
        <IconButton size="small" aria-label={translate(k('copyNamed'), { code })} onClick={() => void copy()} data-testid="invitation-copy">
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate(k('qr'))}>
        <IconButton size="small" aria-label={translate(k('qrNamed'), { code })} onClick={() => setQr(true)} data-testid="invitation-qr-open">
          <QrCode2 fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={qr} onClose={() => setQr(false)} aria-labelledby={`qr-title-${code}`} maxWidth="xs" fullWidth>
        <DialogTitle id={`qr-title-${code}`}>{translate(k('qrTitle'))}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            {link}
          </Typography>
          <Box>
            <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} aria-label={translate('app.common.loading')} />}>
              {qr && <InvitationQr link={link} code={code} />}
            </Suspense>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setQr(false)}>{translate('app.common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
