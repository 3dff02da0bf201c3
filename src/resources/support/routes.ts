import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The administrator's support screens under /courses (spec 1 §2.9): user search, profile rights, profile merge. */
export const supportRoutes: ScreenRoute[] = [
  ['/courses/users', lazy(() => import('./UsersPage'))],
  ['/courses/users/profile-rights/:accountId', lazy(() => import('./ProfileRightsPage'))],
  ['/courses/student-profiles-merge', lazy(() => import('./MergePage'))],
];
