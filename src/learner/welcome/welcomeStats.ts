import { useEffect, useState } from 'react';

/** The welcome page's statistic cards (spec 1 §1), counted by the server from the platform's data. */
export interface WelcomeStats {
  trained: number;
  satisfied: number;
  programs: number;
}

export const WELCOME_STAT_KEYS = ['trained', 'satisfied', 'programs'] as const;

function isWelcomeStats(value: unknown): value is WelcomeStats {
  const v = value as Record<string, unknown> | null;
  return !!v && typeof v === 'object' && WELCOME_STAT_KEYS.every((k) => typeof v[k] === 'number');
}

/** undefined while loading, null when the figures could not be loaded (the cards are then left out). */
export function useWelcomeStats(): WelcomeStats | null | undefined {
  const [stats, setStats] = useState<WelcomeStats | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetch('/api/welcome/stats', { credentials: 'include', headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
      .catch(() => null)
      .then((s) => live && setStats(isWelcomeStats(s) ? s : null));
    return () => {
      live = false;
    };
  }, []);
  return stats;
}
