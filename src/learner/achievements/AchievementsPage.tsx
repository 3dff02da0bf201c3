import EmojiEvents from '@mui/icons-material/EmojiEvents';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { Box, Button, Card, CardActions, CardContent, Dialog, DialogContent, DialogTitle, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from '../../app';
import { learningCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { READ_ONCE } from '../learnerReads';
import { withTexts } from '../../i18n/lazyTexts';

const PdfView = lazy(() => import('../../resources/certificates/PdfView'));
// the badges (and their texts) load after the page: they are not in a student's first load
const BadgesSection = lazy(() => withTexts('pages', import('./BadgesSection')).then((m) => ({ default: m.BadgesSection })));
const k = (key: string) => `app.learner.achievementsPage.${key}`;

/** /achievements: the student's course certificates and other achievements (spec 1 §2.3), with an empty state. */
export default function AchievementsPage() {
  const translate = useTranslate();
  const { longDay, momentDay } = useDates();
  const { data, isPending, error, refetch } = useCall(learningCalls.achievements, {}, READ_ONCE);
  const [open, setOpen] = useState<{ title: string; file: string } | null>(null);

  return (
    <Box data-testid="achievements-page">
      <PageFrame title={translate(k('title'))} plain>
        <PageState
          isPending={isPending}
          loading={<Skeleton variant="rounded" height={120} />}
          error={error}
          errorTitle={translate(k('loadError'))}
          refetch={refetch}
          isEmpty={!!data && data.certificates.length === 0 && data.achievements.length === 0}
          emptyText={translate(k('empty'))}
        >
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
                        <Typography variant="body2" color="text.secondary">{longDay(c.date)}</Typography>
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
                    <Typography variant="body2" color="text.secondary">{momentDay(a.awardedAt)}</Typography>
                  </Stack>
                ))}
              </Stack>
            </>
          )}
          {data && data.achievements.length + data.certificates.length > 0 && (
            <Suspense fallback={null}>
              <BadgesSection />
            </Suspense>
          )}
        </PageState>
      </PageFrame>
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="lg">
        <DialogTitle>{open?.title}</DialogTitle>
        <DialogContent>
          <Suspense fallback={<Skeleton variant="rounded" height={400} width={600} />}>{open && <PdfView url={open.file} />}</Suspense>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
