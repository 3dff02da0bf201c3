import { lazy } from 'react';

/**
 * The student's news page, loaded on demand: add `newsRoute` to App.tsx's learnerRoutes
 * (`{ path, Page }`). Needs react-admin's context (dataProvider, i18n), i.e. a route
 * inside <Admin>'s <CustomRoutes>. Path rule: '/news' → 'student' (permissions.ts).
 */
export const newsRoute = { path: '/news', Page: lazy(() => import('./NewsPage')) };
