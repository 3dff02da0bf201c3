import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** Paths, usage and students-journal analytics of a course (spec 1 §2.9); recharts loads with them only. */
export const learningAnalyticsRoutes: ScreenRoute[] = [
  ['/courses/:courseId/paths-analytics', lazy(() => import('./PathsAnalyticsPage'))],
  ['/courses/:courseId/usage-analytics', lazy(() => import('./UsageAnalyticsPage'))],
  ['/courses/:courseId/students-journal/analytics', lazy(() => import('./JournalAnalyticsPage'))],
];

/** A program's paths across its courses (ELP; docs/decisions/analytics.md): a route of the programs resource. */
export const ProgramPathsAnalyticsScreen = lazy(() => import('./ProgramPathsAnalyticsPage'));
