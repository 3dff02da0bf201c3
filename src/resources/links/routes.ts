import { lazyScreens, type ScreenRoute } from '../factory/lazyScreens';
import { LINK_PATHS as P } from './paths';

const screens = lazyScreens(() => import('.').then((m) => m.links));

/** The screens of a course's links, loaded on first visit. */
export const linkRoutes: ScreenRoute[] = [
  [P.list, screens.list],
  [P.create, screens.at(P.create)],
  [P.edit, screens.at(P.edit)],
];
