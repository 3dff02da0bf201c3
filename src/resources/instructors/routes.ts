import { lazy } from 'react';
import { lazyScreens, type ScreenRoute } from '../factory/lazyScreens';
import { INSTRUCTOR_PATHS as P } from './paths';

const screens = lazyScreens(() => import('.').then((m) => m.instructors));

/** The screens of a course's staff, loaded on first visit. */
export const instructorRoutes: ScreenRoute[] = [
  [P.list, screens.list],
  [P.edit, screens.at(P.edit)],
  [P.tutorStudents, lazy(() => import('./TutorStudents'))],
];
