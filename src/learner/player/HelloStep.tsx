import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../app';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { slideCalls, type StartPage } from '../../../shared/calls/study/pages';
import { callApi } from '../../http/client';
import { formatClock, useClock } from './clock';
import { loadErrorKey } from './errorKeys';
import { Facts, type Fact } from './Facts';
import { resumeStep, stepPath } from './navigation';
import { withTexts } from '../../i18n/lazyTexts';
import { SlideLoading } from './SlideLoading';
import { useArrivalFocus } from './arrivalFocus';
import { stepKey } from './stepLoad';

// an offline exercise's attendance code and a SCORM package's player: only those exercises load them
const DigitalCodePage = lazy(() => withTexts('pages', import('./digitalCode')).then((m) => ({ default: m.DigitalCodePage })));
const ScormPlayer = lazy(() => withTexts('scorm', import('./scorm')).then((m) => ({ default: m.ScormPlayer })));
const LtiLaunch = lazy(() => withTexts('lti', import('./LtiLaunch')).then((m) => ({ default: m.LtiLaunch })));

/**
 * The hello page ('start'): the exercise's name, type, time limit, time left and attempt
 * number. Loading it starts nothing (a timed test's clock must not run while the student
 * reads it): Start creates the attempt and goes to its first slide; Continue resumes the
 * attempt in progress. An offline exercise shows the digital attendance code; a SCORM
 * exercise plays its package here (its runtime starts the attempt); an external tool exercise
 * opens the tool (its launch starts the attempt) and shows the score the tool sent.
 */
export function HelloStep({ courseId, page, loadedAt, onStarted }: { courseId: string; page: StartPage; loadedAt: number; onStarted: (attemptId: number | null) => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ex = page.exercise;
  const heading = useArrivalFocus<HTMLHeadingElement>(`${ex.id}:start`);
  const to = (step: Parameters<typeof stepPath>[3]) => stepPath(courseId, ex.lessonId, ex.id, step);
  const start = useMutation({
    // the start proper: without preview the attempt and its clock begin
    mutationFn: () => callApi(slideCalls.load, { params: { courseId, exerciseId: ex.id }, body: { slideId: 'start' } }) as Promise<StartPage>,
    onSuccess: (started) => {
      // back on the hello page the attempt shows at once (Continue), and the next loads carry it
      queryClient.setQueryData(stepKey(courseId, String(ex.id), 'start'), started);
      onStarted(started.sessionId);
      navigate(to(resumeStep(started)));
    },
  });
  // before Start nothing runs: the full limit; in an attempt, the countdown to its deadline
  const running = page.status === 'in_progress';
  const clock = useClock({ secondsLeft: page.secondsLeft, startedAt: page.startedAt ?? page.serverTime, serverTime: page.serverTime }, running ? loadedAt : Date.now(), running, () => undefined);
  const limit = ex.timeLimitSeconds ? translate('app.player.hello.minutes', { count: Math.ceil(ex.timeLimitSeconds / 60) }) : translate('app.player.hello.noTimeLimit');
  const facts: Fact[] = [
    ['type', translate('app.player.hello.type'), translate(`app.player.exerciseType.${ex.exerciseType}`, { _: String(ex.exerciseType) })],
    ['time-limit', translate('app.player.hello.timeLimit'), limit],
    ...(page.secondsLeft !== null && !page.readOnly ? [['time-left', translate('app.player.slide.timeLeft'), formatClock(clock.seconds)] as Fact] : []),
    ['attempt', translate('app.player.hello.attempt'), page.attemptNo],
    ['slides', translate('app.player.hello.slides'), page.total],
  ];
  // a SCORM package and an external tool are not slides; the tool has no time limit of ELP's
  const shown = ex.kind === 'scorm' ? facts.filter(([id]) => id !== 'slides') : ex.kind === 'lti' ? facts.filter(([id]) => id === 'type' || id === 'attempt') : facts;
  const resumed = page.currentSlideId !== null;
  return (
    // a SCORM package fills a phone's width: no frame of its own around it there
    <Paper variant="outlined" sx={ex.kind === 'scorm' ? { p: { xs: 0, md: 3 }, border: { xs: 0, md: 1 }, borderColor: { md: 'divider' }, bgcolor: { xs: 'transparent', md: 'background.paper' } } : { p: { xs: 2, md: 3 } }} data-testid="player-hello">
      <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ mb: 2 }}>{ex.label}</Typography>
      <Facts facts={shown} testIdPrefix="hello" />
      {ex.exerciseType === 50 && <Box sx={{ mb: 2 }}><Suspense fallback={<SlideLoading />}><DigitalCodePage courseId={courseId} exerciseId={String(ex.id)} /></Suspense></Box>}
      {ex.kind === 'scorm' && <Box sx={{ mb: 2 }}><Suspense fallback={<SlideLoading />}><ScormPlayer courseId={courseId} exerciseId={String(ex.id)} /></Suspense></Box>}
      {ex.kind === 'lti' && <Box sx={{ mb: 2 }}><Suspense fallback={<SlideLoading />}><LtiLaunch courseId={courseId} exerciseId={String(ex.id)} /></Suspense></Box>}
      {page.readOnly && <Alert severity="info" sx={{ mb: 2 }}>{translate('app.player.hello.over')}</Alert>}
      {start.error && <Alert severity="error" sx={{ mb: 2 }} data-testid="hello-start-error">{translate(loadErrorKey(start.error))}</Alert>}
      <Stack direction="row" spacing={2}>
        {page.readOnly ? (
          <>
            <Button variant="contained" component={Link} to={to('end')}>{translate('app.player.hello.results')}</Button>
            {page.total > 0 && <Button variant="outlined" component={Link} to={to(page.next)}>{translate('app.player.hello.review')}</Button>}
          </>
        ) : ex.kind === 'scorm' ? (
          <Button variant="contained" component={Link} to={to('end')}>{translate('app.player.slide.continue')}</Button>
        ) : ex.kind === 'lti' ? null /* the tool's own "Open the tool" above; its score ends the attempt */ : page.sessionId === null ? (
          <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>{translate('app.player.hello.start')}</Button>
        ) : (
          <Button variant="contained" component={Link} to={to(resumeStep(page))}>
            {translate(resumed ? 'app.player.hello.continue' : 'app.player.hello.start')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
