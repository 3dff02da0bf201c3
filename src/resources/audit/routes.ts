import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The audit journal (AdminPanelAccess) and a course's profile change history (spec 1 §2.9), under /courses. */
export const auditRoutes: ScreenRoute[] = [
  ['/courses/audit-journal', lazy(() => import('./AuditJournalPage'))],
  ['/courses/:courseId/changes', lazy(() => import('./CourseChangesPage'))],
];
