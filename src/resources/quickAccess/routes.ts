import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The quick-access toolbar's setup (spec 1 §2.9): its shortcuts and their order. */
export const quickAccessRoutes: ScreenRoute[] = [
  ['/courses/quick-access-toolbar-setting', lazy(() => import('./QuickAccessSettingPage'))],
  ['/courses/quick-access-toolbar-setting/sort', lazy(() => import('./QuickAccessSortPage'))],
];
