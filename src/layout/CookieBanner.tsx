import Close from '@mui/icons-material/Close';
import { Button, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { lazy, useEffect, useState } from 'react';
import { Deferred, useTranslate } from '../app';
import { readStored, writeStored } from '../ui/storage';

const PersonalDataConsentDialog = lazy(() => import('./PersonalDataConsentDialog').then((m) => ({ default: m.PersonalDataConsentDialog })));

/** Spec 2 §5: unset → accepted (localStorage, for good) or dismissed (sessionStorage, this session). */
export const COOKIE_CONSENT_KEY = 'elp_cookie_consent';
export type CookieConsent = 'unset' | 'accepted' | 'dismissed';

export function cookieConsent(): CookieConsent {
  if (readStored('local', COOKIE_CONSENT_KEY) === 'accepted') return 'accepted';
  if (readStored('session', COOKIE_CONSENT_KEY) === 'dismissed') return 'dismissed';
  return 'unset';
}

/** The cookie consent banner at the bottom of every page (spec 1 §2.4). */
export function CookieBanner() {
  const translate = useTranslate();
  const [state, setState] = useState<CookieConsent>(cookieConsent);
  const [details, setDetails] = useState(false);
  // the boot shell's banner (scripts/boot-shell.mjs) may have been answered while the app rendered
  useEffect(() => setState(cookieConsent()), []);
  if (state !== 'unset') return null;

  const accept = () => {
    writeStored('local', COOKIE_CONSENT_KEY, 'accepted');
    setState('accepted');
  };
  const dismiss = () => {
    writeStored('session', COOKIE_CONSENT_KEY, 'dismissed');
    setState('dismissed');
  };
  return (
    <Paper
      elevation={6}
      role="region"
      aria-label={translate('app.consent.cookies.title')}
      data-testid="cookie-banner"
      sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: (t) => t.zIndex.snackbar - 1, p: 2, maxWidth: 1200, mx: 'auto' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {translate('app.consent.cookies.text')}{' '}
          <Link component="button" variant="body2" onClick={() => setDetails(true)} sx={{ verticalAlign: 'baseline' }}>
            {translate('app.consent.cookies.more')}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="contained" onClick={accept}>
            {translate('app.consent.cookies.accept')}
          </Button>
          <IconButton aria-label={translate('app.consent.cookies.dismiss')} onClick={dismiss}>
            <Close />
          </IconButton>
        </Stack>
      </Stack>
      <Deferred when={details}>
        <PersonalDataConsentDialog open={details} onClose={() => setDetails(false)} />
      </Deferred>
    </Paper>
  );
}
