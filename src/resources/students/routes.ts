import { lazy } from 'react';
import { lazyScreens, type ScreenRoute } from '../factory/lazyScreens';
import { STUDENT_PATHS as P } from './paths';

const screens = lazyScreens(() => import('.').then((m) => m.students));

/** The screens of a course's students (spec 1 §2.9), each loaded on first visit. */
export const studentRoutes: ScreenRoute[] = [
  [P.list, screens.list],
  [P.import, lazy(() => import('./StudentImport'))],
  [P.page, lazy(() => import('./StudentPage'))],
  [P.changes, lazy(() => import('./StudentChanges'))],
];
