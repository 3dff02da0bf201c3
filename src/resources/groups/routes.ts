import { lazyScreens, type ScreenRoute } from '../factory/lazyScreens';
import { GROUP_PATHS as P } from './paths';

const screens = lazyScreens(() => import('.').then((m) => m.groups));

/** The screens of a course's groups, loaded on first visit. */
export const groupRoutes: ScreenRoute[] = [
  [P.list, screens.list],
  [P.create, screens.at(P.create)],
  [P.edit, screens.at(P.edit)],
];
