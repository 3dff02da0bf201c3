import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The QR code of an invitation link, drawn as SVG by the `qrcode` package (this module loads only
 * when a QR code is asked for: the invitation screens do not pay for it otherwise), with a button
 * to save it as a file for a slide or a poster.
 */
export default function InvitationQr({ link, code }: { link: string; code: string }) {
  const translate = useTranslate();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    qrSvg(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }).then(
      (s) => live && setSvg(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [link]);
  if (failed) return <Alert severity="error">{translate('app.common.loadError')}</Alert>;
  if (!svg) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} aria-label={translate('app.common.loading')} />;
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <Stack spacing={2} alignItems="center">
      {/* dark on white whatever the theme: a phone's camera reads it */}
      <Box component="img" src={src} alt={translate('resources.invitations.qrAlt', { link })} sx={{ width: 'min(280px, 100%)', height: 'auto', bgcolor: '#ffffff', p: 1, borderRadius: 1 }} data-testid="invitation-qr" />
      <Button component="a" href={src} download={`invitation-${code}.svg`} variant="outlined">
        {translate('resources.invitations.qrDownload')}
      </Button>
    </Stack>
  );
}
