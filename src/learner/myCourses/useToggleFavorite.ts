import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { postJson } from '../api';

/** Toggles a favourite course (or exercise) and refreshes the learner data; a failure shows a toast. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    async (courseId: number, exerciseId?: number) => {
      try {
        await postJson(exerciseId ? `/api/Favorites/Training/${courseId}/Exercise/${exerciseId}` : `/api/Favorites/Training/${courseId}`);
        await queryClient.invalidateQueries({ queryKey: ['learner'] });
      } catch {
        notify(translate('app.learner.course.favoriteError'), { type: 'error' });
      }
    },
    [notify, queryClient, translate],
  );
}
