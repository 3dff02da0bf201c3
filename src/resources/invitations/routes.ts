import { lazyScreens, type ScreenRoute } from '../factory/lazyScreens';
import { INVITATION_PATHS as P } from './paths';

const screens = lazyScreens(() => import('.').then((m) => m.invitations));

/** The screens of a course's invitation links, loaded on first visit. */
export const invitationRoutes: ScreenRoute[] = [
  [P.list, screens.list],
  [P.create, screens.at(P.create)],
  [P.edit, screens.at(P.edit)],
];
