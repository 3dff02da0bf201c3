import { lazyPage } from '../../app/lazyPage';
import type { PageRoute } from '../journeyRoutes';
import { withTexts } from '../../i18n/lazyTexts';

/** The invitation page (/invite/{inviteId}, guests too), loaded on demand; a route of App.tsx's learnerRoutes. */
export const inviteRoute: PageRoute = { path: '/invite/:inviteId', Page: lazyPage(() => withTexts('admin', import('./InvitePage'))) };
