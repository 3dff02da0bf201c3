import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { ltiCalls } from '../../../shared/calls/lti';
import { useCall } from '../../http/queries';
import { SlideLoading } from './SlideLoading';

/**
 * An external tool (LTI 1.3) exercise on the hello page: the tool opens where it asks — in a frame
 * here, or in a new window — through ELP's launch address (the OIDC login that signs the student in
 * at the tool). Its score comes back by AGS on the server; nothing to send from here.
 */
export function LtiLaunch({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const { data, error, isPending } = useCall(ltiCalls.launchInfo, { params: { courseId, exerciseId } });
  if (isPending) return <SlideLoading />;
  if (error || !data) return <Alert severity="error">{translate('app.playerLti.error')}</Alert>;
  const title = data.title ?? '';
  const openWindow = (
    <Button variant={data.presentation === 'window' ? 'contained' : 'text'} href={data.launchUrl} target="_blank" rel="noopener" endIcon={<OpenInNew />} data-testid="lti-open">
      {translate(data.presentation === 'window' ? 'app.playerLti.open' : 'app.playerLti.openWindow')}
    </Button>
  );
  return (
    <Stack spacing={1} data-testid="lti-launch">
      {data.presentation === 'iframe' && (
        <Box
          component="iframe"
          src={data.launchUrl}
          title={translate('app.playerLti.frame', { title })}
          allow="fullscreen; clipboard-write"
          sx={{ width: '100%', height: { xs: '70vh', md: '75vh' }, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
      <Box>{openWindow}</Box>
      <Typography variant="body2" color="text.secondary">{translate('app.playerLti.hint')}</Typography>
    </Stack>
  );
}
