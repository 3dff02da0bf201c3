import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useAccount } from '../../layout/useAccount';
import { SUPPORT_EMAIL } from '../../ui/siteLinks';
import { useAccountSync } from './useAccountSync';

/** A same-origin path only; anything else lands on the root (the role's landing). */
const safePath = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/');

/**
 * /sync, the auth loader (spec 1 §2.2): synchronises the account with the identity service,
 * then reloads into the app so the new session's state is read afresh. A guest has no account
 * to synchronise: straight on to the target (no call that would answer 401).
 */
export default function SyncPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const target = safePath(params.get('returnTo'));
  const { principal, isPending } = useAccount();
  const guest = !isPending && principal.role === 'Guest';
  const { state, retry } = useAccountSync(() => window.location.replace(target), !isPending && !guest);
  if (guest) return <Navigate replace to={target} />;

  return (
    <Box data-testid="sync-page" data-state={state} sx={{ display: 'flex', justifyContent: 'center', py: 8, px: 2 }}>
      {state === 'tooLong' ? (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Alert severity="warning">{translate('app.sync.tooLong')}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" onClick={retry}>
              {translate('app.sync.tryAgain')}
            </Button>
            <Button variant="outlined" href={`mailto:${SUPPORT_EMAIL}`}>
              {translate('app.sync.contactSupport')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560 }}>
          <CircularProgress />
          <Typography role="status">{translate(state === 'waiting' ? 'app.sync.waiting' : 'app.sync.default')}</Typography>
        </Stack>
      )}
    </Box>
  );
}
