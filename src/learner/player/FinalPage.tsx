import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from '../../app';
import { resultCalls, type AttemptResult } from '../../../shared/calls/study/results';
import { callApi } from '../../http/client';
import { errorCodeOf } from '../../http/errors';
import { callKey } from '../../http/queries';
import { useNumbers } from '../../ui/numbers';
import { PageState } from '../../ui/PageState';
import { formatClock } from './clock';
import { Facts, type Fact } from './Facts';
import { CompetenciesAction } from './CompetenciesDialog';
import { FeedbackForm } from './FeedbackForm';
import { NextExerciseAction, RetryAction, ReturnToCourse, useNextExercise } from './FinalActions';
import { QuestionResults } from './QuestionResults';
import { useArrivalFocus } from './arrivalFocus';
import { ReflectionSurvey } from './ReflectionDialog';

/**
 * The final page (spec 1 §2.3): completion time, correct answers, score, status, whether an
 * instructor reviews the answers, the per-question list, and the actions: Retry (with
 * confirm, only while retakes are left), View competencies (when the exercise trains any),
 * Return to course, Next exercise (when there is one, else Return to course is the primary one);
 * then the feedback form and the reflection survey. Data: GET .../finish (the finish call
 * puts its own answer in the same cache entry).
 */
export function FinalPage({ courseId, exerciseId, lessonId }: { courseId: string; exerciseId: string; lessonId: number }) {
  const translate = useTranslate();
  const params = { courseId, exerciseId };
  const result = useQuery({
    queryKey: callKey(resultCalls.result, { params }),
    // GET only reads; an attempt whose time ran out (400.17) is closed and graded by the finish call
    queryFn: () => callApi(resultCalls.result, { params }).catch((e: unknown) => (errorCodeOf(e) === '400.17' ? callApi(resultCalls.finish, { params }) : Promise.reject(e))),
    retry: false,
  });
  return (
    <PageState isPending={result.isPending} error={result.error} errorTitle={translate('app.player.final.loadError')} refetch={() => void result.refetch()}>
      {result.data && <Results courseId={courseId} exerciseId={exerciseId} lessonId={lessonId} r={result.data} />}
    </PageState>
  );
}

function Results({ courseId, exerciseId, lessonId, r }: { courseId: string; exerciseId: string; lessonId: number; r: AttemptResult }) {
  const translate = useTranslate();
  const next = useNextExercise(courseId, exerciseId);
  const heading = useArrivalFocus<HTMLHeadingElement>(`${exerciseId}:end`);
  const numbers = useNumbers();
  const facts: Fact[] = [
    ['completion-time', translate('app.player.final.completionTime'), r.durationSeconds === null ? '—' : formatClock(r.durationSeconds)],
    // an exercise without rated questions (a lecture) has no answers to count or score
    ['correct-answers', translate('app.player.final.correctAnswers'), r.questionsCount ? `${r.correctCount}/${r.questionsCount}` : '—'],
    ['score', translate('app.player.final.score'), r.maxScore ? `${numbers.count(r.score ?? 0)}/${numbers.count(r.maxScore)}` : '—'],
    // a failed SCORM result is over but not passed: said so, not 'completed'
    ['status', translate('app.player.final.status'), translate(`app.player.final.statusText.${r.failed ? 'FAILED' : r.statusText}`, { _: r.statusText })],
  ];
  return (
    <Stack spacing={2} data-testid="final-page">
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ mb: 2 }}>{translate('app.player.final.title')}</Typography>
        <Facts facts={facts} testIdPrefix="final" strong />
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
          {r.competencyCount > 0 && <CompetenciesAction courseId={courseId} exerciseId={exerciseId} />}
          <ReturnToCourse courseId={courseId} primary={!next.isPending && !next.data} />
          <NextExerciseAction next={next} />
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
