import { welcomeCalls, welcomeStats, type WelcomeStats } from '../../../shared/calls/welcome';
import { useCall } from '../../http/queries';

export const WELCOME_STAT_KEYS = ['trained', 'satisfied', 'programs'] as const satisfies readonly (keyof WelcomeStats)[];

/** The figures: undefined while loading, null when they could not be loaded or are not the figures (the cards are then left out). */
export function useWelcomeStats(): WelcomeStats | null | undefined {
  const { data, isPending, error } = useCall(welcomeCalls.stats, {}, { retry: false });
  if (isPending) return undefined;
  const checked = error ? null : welcomeStats.safeParse(data);
  return checked?.success ? checked.data : null;
}
