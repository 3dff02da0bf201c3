/**
 * The welcome page's statistic cards (spec 1 §1). The spec names the figures but gives no
 * values: they are the organisation's own and set at build time (VITE_WELCOME_STATS as
 * "trained,satisfied,programs"); a card without a value is not shown.
 */
export interface WelcomeStat {
  key: 'trained' | 'satisfied' | 'programs';
  value: string;
}

export function welcomeStats(setting: string | undefined = import.meta.env.VITE_WELCOME_STATS): WelcomeStat[] {
  const values = (setting ?? '25 000+,97%,120+').split(',').map((v) => v.trim());
  const keys = ['trained', 'satisfied', 'programs'] as const;
  return keys.flatMap((key, i) => (values[i] ? [{ key, value: values[i] }] : []));
}
