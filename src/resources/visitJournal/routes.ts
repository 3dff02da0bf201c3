import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/**
 * The visit journal's screens (spec 1 §2.9): the journal, its download and task queue under a
 * course, and the visit statistics download of several courses (its task queue is the tasks area's).
 */
export const visitJournalRoutes: ScreenRoute[] = [
  ['/courses/visit-stat-download', lazy(() => import('./VisitStatDownloadPage'))],
  ['/courses/:courseId/visit-journal', lazy(() => import('./VisitJournalPage'))],
  ['/courses/:courseId/visit-journal/download', lazy(() => import('./JournalDownloadPage'))],
  ['/courses/:courseId/visit-journal/task-queue', lazy(() => import('./JournalTaskQueue'))],
];
