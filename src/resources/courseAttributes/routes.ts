import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';
import { COURSE_ATTRIBUTES } from './paths';

/** The course's attribute requirements (what 400.14 asks at join). */
export const courseAttributeRoutes: ScreenRoute[] = [[COURSE_ATTRIBUTES, lazy(() => import('./CourseAttributesPage'))]];
