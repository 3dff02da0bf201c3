import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { favoriteCalls, learningCalls } from '../../shared/calls/learning';
import { callKey } from '../http/queries';

/** Learner pages show a failed read at once, with its Retry (no silent retries). */
export const READ_ONCE = { retry: false } as const;

/** What a favourite or a retake changes: the lists of my courses and favourites, the course page. */
const LEARNING_READS = [
  learningCalls.myCourses,
  learningCalls.courseFolder,
  learningCalls.description,
  learningCalls.lessons,
  favoriteCalls.courses,
  favoriteCalls.exercises,
];

/** Refreshes every read a change of my learning shows in. */
export function useRefreshLearning() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(LEARNING_READS.map((call) => queryClient.invalidateQueries({ queryKey: callKey(call) }))).then(() => undefined),
    [queryClient],
  );
}
