import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { learningCalls } from '../../../shared/calls/learning';
import { profileCalls } from '../../../shared/calls/profile';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageState } from '../../ui/PageState';

const k = (key: string) => `app.profile.${key}`;
const pct = (v: number) => Math.round(v * 100);

/** Progress and final score per course the student studies (spec 2 §3.2), each with its mean. */
export function StudyCard() {
  const translate = useTranslate();
  const progress = useCall(profileCalls.progress, {});
  const score = useCall(profileCalls.finalScore, {});
  const scores = new Map(score.data?.courses.map((c) => [c.trainingId, c.value]));
  return (
    <Box data-testid="profile-study">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(k('study.title'))}</Typography>
      <PageState
        isPending={progress.isPending || score.isPending}
        error={progress.error ?? score.error}
        refetch={() => Promise.all([progress.refetch(), score.refetch()])}
        isEmpty={progress.data?.courses.length === 0}
        emptyText={translate(k('study.none'))}
      >
        {progress.data && (
          <Stack spacing={1.5}>
            <Typography>
              {translate(k('study.progress'))}: {progress.data.total === null ? translate(k('study.noScore')) : `${pct(progress.data.total)}%`}
              {' · '}
              {translate(k('study.finalScore'))}: {score.data?.total ?? translate(k('study.noScore'))}
            </Typography>
            {progress.data.courses.map((c) => (
              <Box key={c.trainingId}>
                <Stack direction="row" justifyContent="space-between" spacing={1}>
                  <Typography variant="body2">{c.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {c.completed ? `${translate(k('study.completed'))} · ` : ''}
                    {pct(c.value ?? 0)}% · {translate(k('study.finalScore'))}: {scores.get(c.trainingId) ?? translate(k('study.noScore'))}
                  </Typography>
                </Stack>
                <LinearProgress variant="determinate" value={pct(c.value ?? 0)} />
              </Box>
            ))}
          </Stack>
        )}
      </PageState>
    </Box>
  );
}

/** The student's certificates (the achievements page's read, GET /api/Achievements). */
export function CertificatesCard() {
  const translate = useTranslate();
  const { longDay } = useDates();
  const { data, isPending, error, refetch } = useCall(learningCalls.achievements, {});
  return (
    <Box data-testid="profile-certificates">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(k('certificates.title'))}</Typography>
      <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={data?.certificates.length === 0} emptyText={translate(k('certificates.none'))}>
        <Stack spacing={1}>
          {data?.certificates.map((c) => (
            <Stack key={c.certificateId} direction="row" spacing={1} alignItems="center" flexWrap="wrap">
              <Typography>{c.title}</Typography>
              <Typography variant="body2" color="text.secondary">{c.trainingLabel} · {longDay(c.date)}</Typography>
              {c.file && <Button size="small" href={c.file} target="_blank" rel="noopener">{translate(k('certificates.view'))}</Button>}
            </Stack>
          ))}
        </Stack>
      </PageState>
    </Box>
  );
}
