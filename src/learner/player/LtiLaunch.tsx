import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../app';
import { ltiCalls, type LtiLaunchInfo } from '../../../shared/calls/lti';
import { useCall } from '../../http/queries';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { SlideLoading } from './SlideLoading';
import { reloadAttemptReads } from './stepLoad';

/** While the tool is open its score may arrive at any moment (AGS, server to server): look again this often. */
const RESULT_POLL_MS = 15_000;

/**
 * An external tool (LTI 1.3) exercise on the hello page: "Open the tool" opens it where the link
 * asks — in a frame here (shown on the click, so merely reading the page launches nothing), or in a
 * new window — through ELP's launch address (the OIDC login that signs the student in at the tool,
 * and starts the attempt). Its score comes back by AGS on the server; the page shows it once sent.
 */
export function LtiLaunch({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [launched, setLaunched] = useState(false);
  const { data, error, isPending } = useCall(ltiCalls.launchInfo, { params: { courseId, exerciseId } }, { refetchInterval: launched ? RESULT_POLL_MS : false, refetchOnWindowFocus: true });
  // a new result changes the attempt: the hello page (status, attempt over) and the menu load again
  const seen = useRef<string | null>(null);
  const resultKey = data ? JSON.stringify(data.result) : null;
  useEffect(() => {
    if (resultKey === null) return;
    if (seen.current !== null && seen.current !== resultKey) void reloadAttemptReads(queryClient);
    seen.current = resultKey;
  }, [resultKey, queryClient]);
  if (isPending) return <SlideLoading />;
  if (error || !data) return <Alert severity="error">{translate('app.playerLti.error')}</Alert>;
  const title = data.title ?? '';
  const inFrame = data.presentation === 'iframe';
  const newWindow = (primary: boolean) => (
    <Button variant={primary ? 'contained' : 'outlined'} href={data.launchUrl} target="_blank" rel="noopener" endIcon={<OpenInNew aria-hidden />} onClick={() => setLaunched(true)} data-testid={primary ? 'lti-open' : 'lti-open-window'}>
      {translate(primary ? 'app.playerLti.open' : 'app.playerLti.openWindow')}{' '}
      <span style={visuallyHidden}>{translate('app.playerLti.newWindow')}</span>
    </Button>
  );
  return (
    <Stack spacing={2} data-testid="lti-launch">
      <LtiResult result={data.result} />
      {inFrame && launched && (
        <Box
          component="iframe"
          src={data.launchUrl}
          title={translate('app.playerLti.frame', { title })}
          allow="fullscreen; clipboard-write"
          sx={{ width: '100%', height: { xs: '70vh', md: '75vh' }, border: 1, borderColor: 'divider', borderRadius: 1 }}
          data-testid="lti-frame"
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        {inFrame ? (
          <>
            {!launched && (
              <Button variant="contained" onClick={() => setLaunched(true)} data-testid="lti-open">
                {translate('app.playerLti.open')}
              </Button>
            )}
            {newWindow(false)}
          </>
        ) : (
          newWindow(true)
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">{translate('app.playerLti.hint')}</Typography>
    </Stack>
  );
}

/** The score the tool sent (a live region: it may arrive while the student works in the tool). */
function LtiResult({ result }: { result: LtiLaunchInfo['result'] }) {
  const translate = useTranslate();
  const text =
    result?.score != null
      ? translate(result.status === 'finished' ? 'app.playerLti.result' : 'app.playerLti.resultSoFar', { score: result.score, max: result.maxScore ?? 100 })
      : result?.status === 'finished'
        ? translate('app.playerLti.pending')
        : result
          ? translate('app.playerLti.noScore')
          : null;
  return (
    <Box role="status" data-testid="lti-result">
      {text && <Alert severity={result?.status === 'finished' && result.score != null ? 'success' : 'info'}>{text}</Alert>}
    </Box>
  );
}
