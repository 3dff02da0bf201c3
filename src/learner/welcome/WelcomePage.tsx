import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Grid, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from '../../app';
import { useSearchParams } from 'react-router-dom';
import { LOGIN_ERRORS, LOGIN_ERRORS_FOR_SUPPORT, type LoginError } from '../../../shared/account';
import { SUPPORT_EMAIL } from '../../ui/siteLinks';
import { signIn } from '../../layout/signIn';
import { formatCount } from '../../ui/numbers';
import { useRevealed } from '../../ui/useRevealed';
import { useWelcomeStats, WELCOME_STAT_KEYS } from './welcomeStats';

const PURPOSES = ['manage', 'interact', 'groupWork', 'outcomes'] as const;

/** /welcome: what the platform is for, statistic cards and Start learning (spec 1 §1, §2.2). */
export default function WelcomePage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const given = params.get('loginError');
  const loginError: LoginError | null = given === null ? null : (LOGIN_ERRORS as readonly string[]).includes(given) ? (given as LoginError) : 'LoginFailed';
  const returnTo = params.get('returnTo') ?? '/';
  // the figures replace the spinners in a transition (the answer would otherwise render synchronously)
  const stats = useRevealed(useWelcomeStats());
  const [locale] = useLocaleState();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }} data-testid="welcome-page">
      {loginError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="login-error">
          {translate(`app.welcome.loginError.${loginError}`)}
          {LOGIN_ERRORS_FOR_SUPPORT.includes(loginError) && (
            <Box component="span" sx={{ display: 'block', mt: 1 }} data-testid="login-error-support">
              {translate('app.welcome.loginSupport')} <Link href={`mailto:${SUPPORT_EMAIL}`} color="inherit" sx={{ fontWeight: 500 }}>{SUPPORT_EMAIL}</Link>
            </Box>
          )}
        </Alert>
      )}
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 44 }, mb: 2 }}>
        {translate('app.welcome.title')}
      </Typography>
      <Typography variant="h6" component="p">
        {translate('app.welcome.lead')}
      </Typography>
      <List>
        {PURPOSES.map((p) => (
          <ListItem key={p} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckCircle color="primary" />
            </ListItemIcon>
            <ListItemText primary={translate(`app.welcome.purpose.${p}`)} />
          </ListItem>
        ))}
      </List>
      <Button variant="contained" size="large" sx={{ my: 3 }} onClick={() => signIn(returnTo)}>
        {translate('app.welcome.start')}
      </Button>
      <Grid container spacing={2}>
        {stats !== null && WELCOME_STAT_KEYS.map((key) => (
          <Grid key={key} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h4" component="p" color="primary" data-testid={`welcome-stat-${key}`}>
                  {/* the spinner the first load already carries, not a Skeleton (the welcome page's first load stays small) */}
                  {stats === undefined ? <CircularProgress size={28} /> : formatCount(stats[key], locale)}
                </Typography>
                <Box component="p" sx={{ m: 0 }}>
                  {translate(`app.welcome.stats.${key}`, { count: stats?.[key] ?? 0 })}
                </Box>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
