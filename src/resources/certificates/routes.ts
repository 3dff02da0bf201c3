import { lazyScreens, type ScreenRoute } from '../factory/lazyScreens';
import { CERTIFICATE_PATHS as P } from './paths';

const screens = lazyScreens(() => import('.').then((m) => m.certificates));

/** The screens of a course's certificates, loaded on first visit. */
export const certificateRoutes: ScreenRoute[] = [
  [P.list, screens.list],
  [P.create, screens.at(P.create)],
];
