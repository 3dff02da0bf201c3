import { lazyPage } from '../../app/lazyPage';
import type { PageRoute } from '../journeyRoutes';
import { withTexts } from '../../i18n/lazyTexts';

/**
 * The student's news page, loaded on demand: add `newsRoute` to App.tsx's learnerRoutes
 * (`{ path, Page }`). Needs react-admin's context (dataProvider, i18n), i.e. a route
 * inside <Admin>'s <CustomRoutes>. Its rule is the screen table's (shared/screens.ts).
 */
export const newsRoute: PageRoute = { path: '/news', Page: lazyPage(() => withTexts('admin', import('./NewsPage'))) };
