import { lazyPage } from '../../app/lazyPage';
import type { PageRoute } from '../journeyRoutes';
import { withTexts } from '../../i18n/lazyTexts';

/** The student's expulsion applications (/expulsion), loaded on demand; a route of App.tsx's learnerRoutes. */
export const expulsionRoute: PageRoute = { path: '/expulsion', Page: lazyPage(() => withTexts('admin', import('./ExpulsionPage'))) };
