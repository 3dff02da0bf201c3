import type { QueryClient } from '@tanstack/react-query';
import { learningCalls } from '../../../shared/calls/learning';
import { slideCalls, type SlideLoadInput } from '../../../shared/calls/study/pages';
import { callKey } from '../../http/queries';
import type { Step } from './navigation';

/**
 * A step's load (POST .../Pages). The hello page only previews: the attempt and its clock
 * start on Start (`{ slideId: 'start' }` without preview). Other steps name the attempt of
 * the last load; without one (an address typed or reloaded) the server takes the latest, and
 * with none at all answers the hello page's preview, where the player then goes (`preview`).
 */
export const stepBody = (step: Step, attemptId: number | null): SlideLoadInput =>
  step === 'start' ? { slideId: 'start', preview: true } : attemptId ? { slideId: String(step), sessionId: attemptId } : { slideId: String(step), preview: true };

/** One cache entry per step of an exercise, whichever attempt its load names. */
export const stepKey = (courseId: string, exerciseId: string, step: Step) =>
  callKey(slideCalls.load, { params: { courseId, exerciseId }, body: { slideId: String(step) } });

/** Every step of an exercise in the cache (a prefix of `stepKey`). */
export const exerciseStepsKey = (courseId: string, exerciseId: string) => [...callKey(slideCalls.load), { params: { courseId, exerciseId } }];

/**
 * The attempt changed (finished, retaken): the reads that show it load again — the player's
 * steps and previews, the menu's (and the course page's) statuses; react-query refetches what
 * is on screen and the rest when it is next shown.
 */
export function reloadAttemptReads(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: callKey(slideCalls.load) }),
    queryClient.invalidateQueries({ queryKey: callKey(learningCalls.lessons) }),
  ]).then(() => undefined);
}
