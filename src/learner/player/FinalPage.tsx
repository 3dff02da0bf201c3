import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorCodeOf, getJson, postJson, serverText, useApi } from '../api';
import { formatClock } from './clock';
import { CompetenciesAction } from './CompetenciesDialog';
import { FeedbackForm } from './FeedbackForm';
import { NextExerciseAction, RetryAction, ReturnToCourse } from './FinalActions';
import { playerUrls } from './playerApi';
import { QuestionResults } from './QuestionResults';
import { ReflectionSurvey } from './ReflectionDialog';
import type { AttemptResult } from './types';

/**
 * The final page (spec 1 §2.3): completion time, correct answers, score, status, whether an
 * instructor reviews the answers, the per-question list, and the actions: Retry (with
 * confirm, only while retakes are left), View competencies, Return to course, Next exercise;
 * then the feedback form and the reflection survey. Data: GET .../finish (the finish call
 * puts its own answer in the same cache entry).
 */
export function FinalPage({ courseId, exerciseId, lessonId }: { courseId: string; exerciseId: string; lessonId: number }) {
  const translate = useTranslate();
  const url = playerUrls.finish(courseId, exerciseId);
  const result = useApi<AttemptResult>(['player-result', courseId, exerciseId], url, {
    // GET only reads; an attempt whose time ran out (400.17) is closed and graded by the finish call
    queryFn: () => getJson<AttemptResult>(url).catch((e: unknown) => (errorCodeOf(e) === '400.17' ? postJson<AttemptResult>(url) : Promise.reject(e))),
  });
  if (result.isPending) return <Paper variant="outlined" sx={{ p: 3 }}><Skeleton height={48} /><Skeleton /><Skeleton /></Paper>;
  if (result.error) {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={() => void result.refetch()}>{translate('app.player.errors.retry')}</Button>}>
        {translate('app.player.final.loadError')}{serverText(result.error) ? `: ${serverText(result.error)}` : ''}
      </Alert>
    );
  }
  const r = result.data;
  const facts: [string, string, string][] = [
    ['completion-time', translate('app.player.final.completionTime'), r.durationSeconds === null ? '—' : formatClock(r.durationSeconds)],
    // an exercise without rated questions (a lecture) has no answers to count or score
    ['correct-answers', translate('app.player.final.correctAnswers'), r.questionsCount ? `${r.correctCount}/${r.questionsCount}` : '—'],
    ['score', translate('app.player.final.score'), r.maxScore ? `${r.score ?? 0}/${r.maxScore}` : '—'],
    ['status', translate('app.player.final.status'), translate(`app.player.final.statusText.${r.statusText}`, { _: r.statusText })],
  ];
  return (
    <Stack spacing={2} data-testid="final-page">
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>{translate('app.player.final.title')}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}>
          {facts.map(([id, k, v]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">{k}</Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`final-${id}`}>{v}</Typography>
            </Box>
          ))}
        </Box>
        {r.attemptStatus === 'expired' && <Alert severity="warning" sx={{ mb: 1 }}>{translate('app.player.final.expired')}</Alert>}
        <Alert severity={r.requiresReview ? 'warning' : 'success'} data-testid="review-notice">
          {translate(r.requiresReview ? 'app.player.final.reviewRequired' : 'app.player.final.reviewNotRequired')}
        </Alert>
        {r.canRestart && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.player.final.attemptsLeft', { count: r.restartLimit - r.restarts })}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1.5 }}>
          {r.canRestart && <RetryAction courseId={courseId} exerciseId={exerciseId} lessonId={lessonId} />}
          <CompetenciesAction courseId={courseId} exerciseId={exerciseId} />
          <ReturnToCourse courseId={courseId} />
          <NextExerciseAction courseId={courseId} exerciseId={exerciseId} />
          <ReflectionSurvey courseId={courseId} exerciseId={exerciseId} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.player.final.questions')}</Typography>
        <QuestionResults courseId={courseId} result={r} />
      </Paper>
      <FeedbackForm courseId={courseId} exerciseId={exerciseId} />
    </Stack>
  );
}
