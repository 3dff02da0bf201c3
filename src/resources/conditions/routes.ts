import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';
import { CONDITION_PATHS as P } from './paths';

const Form = lazy(() => import('./ConditionForm'));

/** The screens of a course's automation conditions, loaded on first visit. */
export const conditionRoutes: ScreenRoute[] = [
  [P.list, lazy(() => import('./ConditionList'))],
  [P.create, Form],
  [P.edit, Form],
];
