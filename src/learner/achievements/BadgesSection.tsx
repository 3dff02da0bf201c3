import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { Box, Button, Card, CardActions, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from '../../app';
import { badgeCalls } from '../../../shared/calls/badges';
import { useCall } from '../../http/queries';
import { copyText } from '../../resources/invitations/InvitationLink';
import { useDates } from '../../ui/dates';

const k = (key: string) => `app.credentials.badges.${key}`;

/**
 * The student's Open Badges (issue 30 item 4): each achievement and completed course as a hosted
 * assertion. A backpack (Badgr, Open Badge Passport…) imports a badge by its assertion's URL, so
 * "add to backpack" copies it; the picture downloads as SVG.
 */
export function BadgesSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const { momentDay } = useDates();
  const { data } = useCall(badgeCalls.mine, {});
  if (!data?.length) return null;
  const copy = async (url: string) => {
    const ok = await copyText(url);
    notify(translate(k(ok ? 'copied' : 'copyFailed')), { type: ok ? 'success' : 'error' });
  };
  return (
    <Box component="section" aria-labelledby="badges-title" sx={{ mt: 3 }} data-testid="badges">
      <Typography variant="h6" component="h2" id="badges-title">{translate(k('title'))}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(k('about'))}</Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((b) => (
          <Grid key={b.assertionId} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <Card variant="outlined">
              <CardContent>
                <Stack direction="row" spacing={2} alignItems="center">
                  <Box component="img" src={b.imageUrl} alt="" width={64} height={64} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h3">{b.name}</Typography>
                    <Typography variant="body2" color="text.secondary">{momentDay(b.issuedOn)}</Typography>
                    {b.revoked && <Chip size="small" color="error" label={translate(k('revoked'))} />}
                  </Box>
                </Stack>
              </CardContent>
              {!b.revoked && (
                <CardActions sx={{ flexWrap: 'wrap' }}>
                  <Button startIcon={<ContentCopy />} onClick={() => void copy(b.assertionUrl)} aria-label={translate(k('addNamed'), { name: b.name })}>
                    {translate(k('add'))}
                  </Button>
                  <Button startIcon={<Download />} href={b.imageUrl} download aria-label={translate(k('downloadNamed'), { name: b.name })}>
                    {translate(k('download'))}
                  </Button>
                  <Button href={b.assertionUrl} target="_blank" rel="noopener" aria-label={translate(k('verifyNamed'), { name: b.name })}>
                    {translate(k('verify'))}
                  </Button>
                </CardActions>
              )}
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
