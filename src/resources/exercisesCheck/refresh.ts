import { useQueryClient } from '@tanstack/react-query';
import { evaluationCalls } from '../../../shared/calls/evaluation';
import { callKey } from '../../http/queries';

/** After a draft, an evaluation or a revert: every read of the exercises check again (counts, attempts, access). */
export function useRefreshChecks() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [evaluationCalls.courses, evaluationCalls.lessons, evaluationCalls.exercises, evaluationCalls.exercise, evaluationCalls.accessToRevaluation].map((call) =>
        client.invalidateQueries({ queryKey: callKey(call) }),
      ),
    );
}
