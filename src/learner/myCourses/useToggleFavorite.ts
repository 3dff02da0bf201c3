import { useCallback } from 'react';
import { useNotify, useTranslate } from '../../app';
import { favoriteCalls } from '../../../shared/calls/learning';
import { callApi } from '../../http/client';
import { useRefreshLearning } from '../learnerReads';

/** Toggles a favourite course (or exercise) and refreshes what shows it; a failure shows a toast. */
export function useToggleFavorite() {
  const refresh = useRefreshLearning();
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    async (courseId: number, exerciseId?: number) => {
      try {
        await (exerciseId ? callApi(favoriteCalls.toggleExercise, { params: { courseId, exerciseId } }) : callApi(favoriteCalls.toggleCourse, { params: { courseId } }));
        await refresh();
      } catch {
        notify(translate('app.learner.course.favoriteError'), { type: 'error' });
      }
    },
    [notify, refresh, translate],
  );
}
