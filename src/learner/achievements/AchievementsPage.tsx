import EmojiEvents from '@mui/icons-material/EmojiEvents';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { Alert, Box, Button, Card, CardActions, CardContent, Dialog, DialogContent, DialogTitle, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { serverText, useApi, type Achievements } from '../api';

const PdfView = lazy(() => import('../../resources/certificates/PdfView'));
const k = (key: string) => `app.learner.achievementsPage.${key}`;

/** /achievements: the student's course certificates and other achievements (spec 1 §2.3), with an empty-state alert. */
export default function AchievementsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isLoading, error, refetch } = useApi<Achievements>(['achievements'], '/api/Achievements');
  const [open, setOpen] = useState<{ title: string; file: string } | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-testid="achievements-page">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>{translate(k('title'))}</Typography>
      {isLoading && <Skeleton variant="rounded" height={120} />}
      {error && (
        <Alert severity="error" action={<Button onClick={() => refetch()}>{translate('app.common.tryAgain')}</Button>}>
          {serverText(error) ?? translate(k('loadError'))}
        </Alert>
      )}
      {data && data.certificates.length === 0 && data.achievements.length === 0 && <Alert severity="info">{translate(k('empty'))}</Alert>}
      {data && data.certificates.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(k('certificates'))}</Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {data.certificates.map((c) => (
              <Grid key={c.certificateId} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card variant="outlined">
                  <CardContent>
                    <Stack direction="row" spacing={1} alignItems="center">
                      <WorkspacePremium color="primary" />
                      <Typography variant="subtitle1">{c.title}</Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">{c.trainingLabel}</Typography>
                    <Typography variant="body2" color="text.secondary">{date(c.date)}</Typography>
                  </CardContent>
                  {c.file && (
                    <CardActions>
                      <Button onClick={() => setOpen({ title: c.title, file: c.file! })}>{translate(k('view'))}</Button>
                      <Button href={c.file} download>{translate(k('download'))}</Button>
                    </CardActions>
                  )}
                </Card>
              </Grid>
            ))}
          </Grid>
        </>
      )}
      {data && data.achievements.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(k('other'))}</Typography>
          <Stack spacing={1}>
            {data.achievements.map((a) => (
              <Stack key={a.kind} direction="row" spacing={1} alignItems="center">
                <EmojiEvents color="warning" />
                <Typography>{translate(k(`kind.${a.kind}`), { _: a.kind })}</Typography>
                <Typography variant="body2" color="text.secondary">{date(a.awardedAt)}</Typography>
              </Stack>
            ))}
          </Stack>
        </>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="lg">
        <DialogTitle>{open?.title}</DialogTitle>
        <DialogContent>
          <Suspense fallback={<Skeleton variant="rounded" height={400} width={600} />}>{open && <PdfView url={open.file} />}</Suspense>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
