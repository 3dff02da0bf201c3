import { lazy } from 'react';

/** The invitation page (/invite/{inviteId}, guests too), loaded on demand; a route of App.tsx's learnerRoutes. */
export const inviteRoute = { path: '/invite/:inviteId', Page: lazy(() => import('./InvitePage')) };
