import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../../app';
import { formatCountdown } from './countdown';
import { useDigitalCode } from './useDigitalCode';

/**
 * The student's digital attendance code (spec 1 §2.3, spec 2 §9): get a code, show it big to the
 * instructor while it counts down from 3:00 by the server's clock, then 'expired' and get again.
 */
export function DigitalCodePage({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const { state, request } = useDigitalCode(courseId, exerciseId, translate('app.attendance.getCodeError'));
  const code = state.phase === 'countdown' || state.phase === 'expired' ? state.code : null;
  const error = state.phase === 'get' || state.phase === 'expired' ? state.error : undefined;

  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="digital-code">
      <Stack spacing={2} alignItems="center">
        <Typography variant="h6" component="h2">
          {translate('app.attendance.title')}
        </Typography>
        {code === null && <Typography color="text.secondary">{translate('app.attendance.hint')}</Typography>}
        {code !== null && (
          <Box>
            <Typography
              data-testid="digital-code-value"
              component="p"
              aria-label={translate('app.attendance.codeLabel')}
              sx={{ fontSize: { xs: 48, sm: 72 }, fontWeight: 700, letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums', opacity: state.phase === 'expired' ? 0.4 : 1 }}
            >
              {code}
            </Typography>
            {state.phase === 'countdown' && (
              <Typography role="timer" data-testid="digital-code-countdown" color="text.secondary">
                {translate('app.attendance.validFor', { time: formatCountdown(state.seconds) })}
              </Typography>
            )}
            {state.phase === 'countdown' && <Typography color="text.secondary">{translate('app.attendance.showToInstructor')}</Typography>}
            {state.phase === 'expired' && (
              <Typography color="warning.main" data-testid="digital-code-expired">
                {translate('app.attendance.expired')}
              </Typography>
            )}
          </Box>
        )}
        {error && (
          <Alert severity="error" data-testid="digital-code-error">
            {error}
          </Alert>
        )}
        {state.phase === 'loading' && <CircularProgress size={32} aria-label={translate('app.attendance.loading')} />}
        {(state.phase === 'get' || state.phase === 'expired') && (
          <Button variant="contained" onClick={() => void request()}>
            {translate(state.phase === 'get' ? 'app.attendance.getCode' : 'app.attendance.getAgain')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
