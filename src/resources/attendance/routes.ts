import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The instructor's attendance screens under a course (spec 1 §2.9 …/visit-journal/digitalCode). */
export const attendanceRoutes: ScreenRoute[] = [['/courses/:courseId/visit-journal/digitalCode', lazy(() => import('./DigitalCodeConfirmPage'))]];
