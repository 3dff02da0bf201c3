import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** Typical errors of a course and the queue of its answers and questions exports (issue 28). */
export const typicalErrorsRoutes: ScreenRoute[] = [
  ['/courses/:courseId/typical-errors', lazy(() => import('./TypicalErrorsPage'))],
  ['/courses/:courseId/typical-errors/task-queue', lazy(() => import('./QueuePage'))],
];
