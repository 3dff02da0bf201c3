import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** Root's LTI tools screen, under /courses like the other administration screens (loaded on first visit). */
export const ltiRoutes: ScreenRoute[] = [['/courses/lti-tools', lazy(() => import('./LtiToolsPage'))]];
