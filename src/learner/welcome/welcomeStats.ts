import { welcomeCalls, type WelcomeStats } from '../../../shared/calls/welcome';
import { useCall } from '../../http/queries';

export const WELCOME_STAT_KEYS = ['trained', 'satisfied', 'programs'] as const satisfies readonly (keyof WelcomeStats)[];

/** The answer is the figures: an object with a number for each (checked by hand: zod stays out of the welcome page's first load). */
const isWelcomeStats = (value: unknown): value is WelcomeStats =>
  typeof value === 'object' && value !== null && WELCOME_STAT_KEYS.every((k) => typeof (value as Record<string, unknown>)[k] === 'number');

/** The figures: undefined while loading, null when they could not be loaded or are not the figures (the cards are then left out). */
export function useWelcomeStats(): WelcomeStats | null | undefined {
  const { data, isPending, error } = useCall(welcomeCalls.stats, {}, { retry: false });
  if (isPending) return undefined;
  return !error && isWelcomeStats(data) ? { trained: data.trained, satisfied: data.satisfied, programs: data.programs } : null;
}
