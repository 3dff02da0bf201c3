import { lazy } from 'react';

/** The student's expulsion applications (/expulsion), loaded on demand; a route of App.tsx's learnerRoutes. */
export const expulsionRoute = { path: '/expulsion', Page: lazy(() => import('./ExpulsionPage')) };
