import { Box, Paper } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Title, useTranslate } from '../../app';
import { Placeholder } from '../../ui/Placeholder';
import { useRevealed } from '../../ui/useRevealed';
import { whenIdle } from '../../ui/whenIdle';
import { Navigate, useParams } from 'react-router-dom';
import { slideCalls } from '../../../shared/calls/study/pages';
import { ErrorPage, LinkAction } from '../../errors/ErrorPage';
import { callApi } from '../../http/client';
import { withTexts } from '../../i18n/lazyTexts';
import { isNoAccess, loadErrorKey } from './errorKeys';
import { ExerciseMenu } from './ExerciseMenu';
import { HelloStep } from './HelloStep';
import { answeredIds, parseStep, stepPath } from './navigation';
import { PendingAnswerProvider } from './pendingAnswer';
import { SlideStep } from './SlideStep';
import { stepBody, stepKey } from './stepLoad';

// the 'end' step and the results come after the slides: not part of the first slide's load
// (with the question forms' texts: a finish kept offline says so in them)
const EndStep = lazy(() => withTexts('playerQuestions', import('./EndStep')).then((m) => ({ default: m.EndStep })));
const FinalPage = lazy(() => import('./FinalPage').then((m) => ({ default: m.FinalPage })));
// the offline exam (issue 31): the worker, the device's queue and the answers waiting there, loaded once the step is shown and the page idle
const OfflineStatus = lazy(() => whenIdle().then(() => withTexts('playerQuestions', import('../../offline/OfflineStatus'))).then((m) => ({ default: m.OfflineStatus })));

/** A step's load answered with the hello page's preview: no attempt yet. */
class NotStartedYet extends Error {}

/**
 * /my-courses/course/{courseId}/{lessonId}/{exerciseId}/{slideId} (spec 1 §2.3, spec 2 §5):
 * the exercise menu beside the current step — the hello page ('start'; it starts nothing,
 * its Start button does), a slide, the 'end' step, or the final page once the attempt is over.
 * The URL is the state: each step is one slide load (POST .../Pages), so the back button and
 * typed addresses work.
 */
export default function PlayerPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const params = useParams();
  const courseId = params.courseId ?? '';
  const exerciseId = params.exerciseId ?? '';
  const step = parseStep(params.slideId);
  const exerciseKey = `${courseId}/${exerciseId}`;
  // the attempt of the last load, passed on with the next loads of this exercise. A ref written
  // when a load or Start answers, not state set by an effect: that re-rendered the whole player
  // once more after every load (~300 components, a long task on a phone). Not from the data on
  // screen either: a step kept in the cache from before a retake shows while it reloads, and it
  // named the discarded attempt to that very reload (issue 29)
  const attempt = useRef<{ key: string; id: number } | null>(null);
  const attemptOfThisExercise = () => (attempt.current?.key === exerciseKey ? attempt.current.id : null);
  const remember = useCallback((id: number | null) => {
    if (id !== null) attempt.current = { key: exerciseKey, id };
  }, [exerciseKey]);
  // saves the server acknowledged since the last load, per attempt (a retake starts empty)
  const [saved, setSaved] = useState<{ attemptId: number | null; ids: Set<number> }>({ attemptId: null, ids: new Set() });

  const load = useQuery({
    queryKey: stepKey(courseId, exerciseId, step ?? 'start'),
    queryFn: async () => {
      const loaded = await callApi(slideCalls.load, { params: { courseId, exerciseId }, body: stepBody(step!, attemptOfThisExercise()) });
      remember(loaded.sessionId);
      // the hello page's preview in place of a step before the first attempt: that page's load, not
      // this step's (kept here, it would send the student back there again after Start)
      if (loaded.slideId === 'start' && step !== 'start') {
        queryClient.setQueryData(stepKey(courseId, exerciseId, 'start'), loaded);
        throw new NotStartedYet();
      }
      return loaded;
    },
    enabled: step !== null,
    retry: false,
    refetchOnWindowFocus: false,
    // when the network returns, the device's waiting answers go first (src/offline/queue.ts), then the steps reload
    refetchOnReconnect: false,
  });
  // a step just loaded renders in slices (the menu and the slide: a long task on a phone at once)
  const page = useRevealed(load.data);
  const pageAttempt = page?.sessionId ?? null;
  const onSaved = useCallback(
    (id: number) => setSaved((s) => (s.attemptId === pageAttempt ? { attemptId: pageAttempt, ids: new Set(s.ids).add(id) } : { attemptId: pageAttempt, ids: new Set([id]) })),
    [pageAttempt],
  );

  const toCourse = <LinkAction to={`/my-courses/course/${courseId}`} label="app.player.errors.toCourse" />;
  const toStart = <Navigate replace to={stepPath(courseId, params.lessonId ?? '0', exerciseId, 'start')} />;
  if (step === null) return <ErrorPage code="404" title={translate('app.player.errors.loadNotFound')} actions={toCourse} />;
  if (load.error) {
    // no attempt yet behind a slide or 'end' address: the attempt starts on the hello page (spec 2 §5)
    if (load.error instanceof NotStartedYet) return toStart;
    // a slide this exercise does not have, opened by its address: its hello page
    if (step !== 'start' && attemptOfThisExercise() === null && (load.error as { status?: number }).status === 404) return toStart;
    // a locked exercise opened by its address (the course page shows it locked)
    if (isNoAccess(load.error)) {
      return <ErrorPage code="403" title={translate('app.errors.exerciseNoAccess.title')} text={translate('app.errors.exerciseNoAccess.text')} actions={toCourse} />;
    }
    const status = (load.error as { status?: number }).status;
    return <ErrorPage code={status === 401 || status === 404 ? String(status) : undefined} title={translate(loadErrorKey(load.error))} actions={toCourse} />;
  }

  const answered = page ? answeredIds(page, saved.attemptId === page.sessionId ? saved.ids : new Set()) : new Set<number>();
  const lessonId = page?.exercise.lessonId ?? Number(params.lessonId);
  let body;
  const loading = <Paper variant="outlined" sx={{ p: 3 }}><Placeholder height={40} /><Placeholder height={200} /></Paper>;
  if (!page) body = loading;
  else if (page.slideId === 'start') body = <HelloStep courseId={courseId} page={page} loadedAt={load.dataUpdatedAt} onStarted={remember} />;
  else if (page.slideId === 'end') {
    body = (
      <Suspense fallback={loading}>
        {page.pendingFinish
          ? <EndStep courseId={courseId} page={page} loadedAt={load.dataUpdatedAt} answeredCount={answered.size} />
          : <FinalPage courseId={courseId} exerciseId={exerciseId} lessonId={lessonId} />}
      </Suspense>
    );
  } else body = <SlideStep courseId={courseId} exerciseId={exerciseId} page={page} loadedAt={load.dataUpdatedAt} answered={answered} onSaved={onSaved} />;

  // a SCORM package plays on its hello page: it takes the whole width (the course menu goes below it)
  const packagePlays = page?.slideId === 'start' && page.exercise.kind === 'scorm';
  return (
    // the step's links and the menu's save an answer not saved before leaving (pendingAnswer.tsx)
    <PendingAnswerProvider>
      <Box sx={{ p: { xs: packagePlays ? 0 : 1.5, md: 3 } }} data-testid="player-page">
        <Title title={page?.exercise.label ?? translate('app.player.title')} />
        {/* the step beside the menu from md (menu 1/4 of the width from lg, 1/3 below); on a phone the step first */}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: packagePlays ? 'minmax(0, 1fr)' : { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)', lg: 'minmax(0, 1fr) minmax(0, 3fr)' } }}>
          <Box sx={{ order: { xs: 1, md: packagePlays ? 1 : 2 }, minWidth: 0 }}>
            {page && page.sessionId !== null && (
              <Suspense fallback={null}>
                <OfflineStatus courseId={courseId} exerciseId={exerciseId} page={page} />
              </Suspense>
            )}
            {body}
          </Box>
          {/* on a phone the menu sits below the step: shown once the step has its height, so it is not pushed down */}
          <Box sx={{ order: { xs: 2, md: packagePlays ? 2 : 1 }, minWidth: 0, display: { xs: page ? 'block' : 'none', md: 'block' } }}>
            <ExerciseMenu courseId={courseId} page={page} step={step} answered={answered} />
          </Box>
        </Box>
      </Box>
    </PendingAnswerProvider>
  );
}
