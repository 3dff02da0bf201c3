import { QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, use, useMemo, useState } from 'react';
import { localStorageStore } from 'ra-core';
import { Navigate, Route, RouterProvider, Routes, createBrowserRouter, matchRoutes, useLocation, useParams } from 'react-router-dom';
import { fillPath, screens, type Screen } from '../shared/screens';
import { Loading } from './app';
import { AppProviders, type AppDeps } from './app/AppProviders';
import { authProvider as appAuthProvider } from './authProvider';
import { NotFoundPage } from './errors/NotFoundPage';
import { PageErrorBoundary } from './errors/PageErrorBoundary';
import { appI18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { LandingRedirect } from './layout/LandingRedirect';
import { newsRoute } from './learner/news';
import { journeyRoutes, type PageRoute } from './learner/journeyRoutes';
import { inviteRoute } from './learner/invite';
import { expulsionRoute } from './learner/expulsion';

/**
 * Learner pages, loaded on demand so a student's first load stays small. Add a page here and
 * its row to the screen table (shared/screens.ts), whose rule RouteGuard checks.
 */
const WelcomePage = lazy(() => import('./learner/welcome/WelcomePage'));
const SyncPage = lazy(() => import('./learner/sync/SyncPage'));

export const learnerRoutes: PageRoute[] = [
  { path: '/', Page: LandingRedirect },
  { path: '/welcome', Page: WelcomePage },
  { path: '/sync', Page: SyncPage },
  newsRoute,
  ...journeyRoutes,
  inviteRoute,
  expulsionRoute,
];

/** The spec's paths of screens that live elsewhere (the screen table's redirects). */
const redirects = (Object.entries(screens) as [string, Screen][]).flatMap(([path, screen]) => (screen.redirect ? [[path, screen.redirect] as const] : []));

function RedirectTo({ pattern }: { pattern: string }) {
  return <Navigate replace to={fillPath(pattern, useParams())} />;
}

/** The paths the learner shell serves; every other path opens the admin app. */
const learnerPaths = [...learnerRoutes.map((r) => ({ path: r.path })), ...redirects.map(([path]) => ({ path }))];
export const isLearnerPath = (pathname: string) => matchRoutes(learnerPaths, pathname) !== null;

/** The admin screens and react-admin itself: loaded when an admin path is first opened. */
const AdminApp = lazy(() => import('./admin/ElpAdmin'));

/** The learner area: the page frame and the learner pages, without react-admin's app. */
function LearnerShell() {
  return (
    <AppLayout notifications>
      <Routes>
        {learnerRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {redirects.map(([path, target]) => (
          <Route key={path} path={path} element={<RedirectTo pattern={target} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}

/** The router's one route (`*`): the learner shell on a learner path, else the admin app. */
function AppRoot() {
  const { pathname } = useLocation();
  if (isLearnerPath(pathname)) return <LearnerShell />;
  return (
    <Suspense fallback={<Loading />}>
      <AdminApp />
    </Suspense>
  );
}

/** Both areas with their shared dependencies, as the router's `*` element (tests mount it in a memory router). */
export function AppShell({ deps }: { deps: AppDeps }) {
  return (
    <AppProviders deps={deps}>
      <AppRoot />
    </AppProviders>
  );
}

function AppWithI18n() {
  const i18nProvider = use(appI18nProvider());
  const [deps] = useState<AppDeps>(() => ({
    i18nProvider,
    authProvider: appAuthProvider,
    store: localStorageStore(undefined, '.elp'),
    queryClient: new QueryClient(),
  }));
  const router = useMemo(() => createBrowserRouter([{ path: '*', element: <AppRoot /> }]), []);
  // outermost boundary: a failure of the frame itself (header, menu) still gets a page
  return (
    <AppProviders deps={deps}>
      <PageErrorBoundary>
        <RouterProvider router={router} />
      </PageErrorBoundary>
    </AppProviders>
  );
}

export function App() {
  return (
    <Suspense fallback={null}>
      <AppWithI18n />
    </Suspense>
  );
}
