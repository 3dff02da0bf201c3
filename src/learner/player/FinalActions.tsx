import { Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { Confirm } from '../../app/Confirm';
import { Link, useNavigate } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import { resultCalls } from '../../../shared/calls/study/results';
import { callApi } from '../../http/client';
import { callKey } from '../../http/queries';
import { nextErrorKey, restartErrorKey } from './errorKeys';
import { stepPath } from './navigation';
import { exerciseStepsKey, reloadAttemptReads } from './stepLoad';

/**
 * Retry with a confirm dialog: the restart call is the student's confirmation, so the
 * current results are overwritten only after it (spec 2 §5); then the new attempt's start.
 */
export function RetryAction({ courseId, exerciseId, lessonId }: { courseId: string; exerciseId: string; lessonId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const restart = async () => {
    setBusy(true);
    try {
      const params = { courseId, exerciseId };
      await callApi(resultCalls.restart, { params });
      notify(translate('app.player.restart.done'), { type: 'success' });
      setOpen(false);
      queryClient.removeQueries({ queryKey: callKey(resultCalls.result, { params }) });
      navigate(stepPath(courseId, lessonId, exerciseId, 'start'));
      // the discarded attempt's steps (its answers, read-only) are never shown again, not even while reloading
      queryClient.removeQueries({ queryKey: exerciseStepsKey(courseId, exerciseId) });
      void reloadAttemptReads(queryClient);
    } catch (e) {
      notify(translate(restartErrorKey(e)), { type: 'error' });
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>{translate('app.player.final.retry')}</Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('app.player.final.retry')}
        content={translate('app.player.final.retryConfirm')}
        onConfirm={() => void restart()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * Next exercise (GET .../NextExercise; 204 means there is none), asked when the final page
 * opens: the primary action when there is one, absent when there is none (Return to course is
 * then the primary one). When the question failed, the button asks again and says why.
 */
export function useNextExercise(courseId: string, exerciseId: string) {
  const args = { params: { courseId, exerciseId } };
  return useQuery({
    queryKey: callKey(learningCalls.nextExerciseAfter, args),
    // 204 (none) has no body: cached as null, react-query refuses undefined
    queryFn: async () => (await callApi(learningCalls.nextExerciseAfter, args)) ?? null,
    retry: false,
  });
}

export function NextExerciseAction({ next }: { next: ReturnType<typeof useNextExercise> }) {
  const translate = useTranslate();
  const notify = useNotify();
  if (next.data) {
    return <Button variant="contained" component={Link} to={stepPath(next.data.trainingId, next.data.lessonId, next.data.exerciseId, 'start')}>{translate('app.player.final.next')}</Button>;
  }
  if (!next.error) return null;
  const retry = async () => {
    const again = await next.refetch();
    if (again.error) notify(translate(nextErrorKey(again.error)), { type: 'error' });
    else if (!again.data) notify(translate('app.player.final.noNext'), { type: 'info' });
  };
  return <Button variant="outlined" disabled={next.isFetching} onClick={() => void retry()}>{translate('app.player.final.next')}</Button>;
}

/** Return to course: the primary action when there is no next exercise. */
export function ReturnToCourse({ courseId, primary = false }: { courseId: string; primary?: boolean }) {
  const translate = useTranslate();
  return <Button variant={primary ? 'contained' : 'outlined'} component={Link} to={`/my-courses/course/${courseId}`}>{translate('app.player.final.toCourse')}</Button>;
}
