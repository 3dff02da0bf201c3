import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
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
import { reloadAttemptReads } from './stepLoad';

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

/** Next exercise (GET .../NextExercise; 204 means there is none). */
export function NextExerciseAction({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const next = await callApi(learningCalls.nextExerciseAfter, { params: { courseId, exerciseId } });
      if (next) navigate(stepPath(next.trainingId, next.lessonId, next.exerciseId, 'start'));
      else notify(translate('app.player.final.noNext'), { type: 'info' });
    } catch (e) {
      notify(translate(nextErrorKey(e)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button variant="contained" disabled={busy} onClick={() => void go()}>{translate('app.player.final.next')}</Button>;
}

export function ReturnToCourse({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  return <Button variant="outlined" component={Link} to={`/my-courses/course/${courseId}`}>{translate('app.player.final.toCourse')}</Button>;
}
