import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { Suspense, lazy, use, useMemo } from 'react';
import {
  Admin,
  CustomRoutes,
  I18nContext,
  Resource,
  localStorageStore,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
} from 'react-admin';
import { Navigate, Route, RouterProvider, createBrowserRouter, useParams } from 'react-router-dom';
import { fillPath, screens, type Screen } from '../shared/screens';
import { authProvider as appAuthProvider } from './authProvider';
import { dataProvider as appDataProvider } from './dataProvider';
import { ForbiddenPage } from './errors/ForbiddenPage';
import { NotFoundPage } from './errors/NotFoundPage';
import { PageErrorBoundary } from './errors/PageErrorBoundary';
import { ServerErrorPage } from './errors/ServerErrorPage';
import { appI18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { LandingRedirect } from './layout/LandingRedirect';
import { SignInRedirect } from './layout/SignInRedirect';
import { newsRoute } from './learner/news';
import { journeyRoutes, type PageRoute } from './learner/journeyRoutes';
import { inviteRoute } from './learner/invite';
import { expulsionRoute } from './learner/expulsion';
import { resourceRoutes, resources } from './resources';
import { darkTheme, lightTheme } from './ui/theme';

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

export interface ElpAdminProps {
  i18nProvider: I18nProvider;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  store?: Store;
}

/** The react-admin app; it expects to sit inside a data router (for the unsaved-changes guard). */
export function ElpAdmin({ i18nProvider, authProvider, dataProvider, store }: ElpAdminProps) {
  const appStore = useMemo(() => store ?? localStorageStore(undefined, '.elp'), [store]);
  return (
    <Admin
      disableTelemetry
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={appStore}
      layout={AppLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      notification={AppNotification}
      catchAll={NotFoundPage}
      accessDenied={ForbiddenPage}
      authenticationError={ServerErrorPage}
      loginPage={SignInRedirect}
      authCallbackPage={false}
    >
      <CustomRoutes>
        {learnerRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {resourceRoutes.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        {redirects.map(([path, target]) => (
          <Route key={path} path={path} element={<RedirectTo pattern={target} />} />
        ))}
      </CustomRoutes>
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}

function AppWithI18n() {
  const i18nProvider = use(appI18nProvider());
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          path: '*',
          element: <ElpAdmin i18nProvider={i18nProvider} authProvider={appAuthProvider} dataProvider={appDataProvider} />,
        },
      ]),
    [i18nProvider],
  );
  // outermost boundary: a failure of the frame itself (header, menu) still gets a page
  return (
    <I18nContext.Provider value={i18nProvider}>
      <ThemeProvider theme={fallbackTheme}>
        <PageErrorBoundary>
          <CssBaseline />
          <RouterProvider router={router} />
        </PageErrorBoundary>
      </ThemeProvider>
    </I18nContext.Provider>
  );
}

const fallbackTheme = createTheme(lightTheme);

export function App() {
  return (
    <Suspense fallback={null}>
      <AppWithI18n />
    </Suspense>
  );
}
