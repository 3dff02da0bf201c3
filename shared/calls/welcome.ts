import { z } from 'zod';
import { defineCalls } from '../http/call';

/** The welcome page's statistic cards (spec 1 §1): who completed a course, who rated an exercise 4–5, programs marked ready. */
export const welcomeStats = z.object({ trained: z.number(), satisfied: z.number(), programs: z.number() });
export type WelcomeStats = z.infer<typeof welcomeStats>;

export const welcomeCalls = defineCalls('welcome', {
  stats: { method: 'GET', path: '/api/welcome/stats', rule: 'public', response: welcomeStats, summary: 'The welcome page’s statistics (cached for a minute)' },
});
