import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The exercises check of a course (spec 1 §2.9 /courses/{courseId}/exercises-check). */
export const exercisesCheckRoutes: ScreenRoute[] = [['/courses/:courseId/exercises-check', lazy(() => import('./ExercisesCheckPage'))]];
