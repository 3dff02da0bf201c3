import { QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { localStorageStore, type I18nProvider } from 'ra-core';
import { Navigate, Route, Routes, matchRoutes, useLocation, useParams } from 'react-router-dom';
import { fillPath, screens, type Screen } from '../shared/screens';
import { Loading } from './app';
import { canPreload, lazyPage } from './app/lazyPage';
import { withTexts } from './i18n/lazyTexts';
import { AppProviders, type AppDeps } from './app/AppProviders';
import { AppRouter } from './app/router/AppRouter';
import { authProvider as appAuthProvider } from './authProvider';
import { NotFoundPage } from './errors/NotFoundPage';
import { PageErrorBoundary } from './errors/PageErrorBoundary';
import { appI18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { LandingRedirect } from './layout/LandingRedirect';
import { ACCOUNT_KEY } from './layout/useAccount';
import type { AccountState } from '../shared/account';
import { newsRoute } from './learner/news';
import { journeyRoutes, type PageRoute } from './learner/journeyRoutes';
import { inviteRoute } from './learner/invite';
import { expulsionRoute } from './learner/expulsion';

/**
 * Learner pages, loaded on demand so a student's first load stays small. Add a page here and
 * its row to the screen table (shared/screens.ts), whose rule RouteGuard checks.
 */
// the welcome page's texts load with it (the pages bundle), not in every learner's first load
const WelcomePage = lazyPage(() => withTexts('pages', import('./learner/welcome/WelcomePage')));
const SyncPage = lazyPage(() => withTexts('pages', import('./learner/sync/SyncPage')));
const VerifyPage = lazyPage(() => withTexts('pages', import('./learner/verify/VerifyPage')));

export const learnerRoutes: PageRoute[] = [
  { path: '/', Page: LandingRedirect },
  { path: '/welcome', Page: WelcomePage },
  { path: '/sync', Page: SyncPage },
  { path: '/verify/:code', Page: VerifyPage },
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
// react-router flattens and ranks the whole table on every matchRoutes call: the root renders
// often, and the answer for a path never changes
const learnerPathAnswers = new Map<string, boolean>();
export function isLearnerPath(pathname: string): boolean {
  let answer = learnerPathAnswers.get(pathname);
  if (answer === undefined) {
    if (learnerPathAnswers.size >= 500) learnerPathAnswers.clear(); // a long session's paths stay few
    learnerPathAnswers.set(pathname, (answer = matchRoutes(learnerPaths, pathname) !== null));
  }
  return answer;
}

/** The admin screens and react-admin itself: loaded when an admin path is first opened. */
// react-admin's own texts come with the admin bundle: the admin app loads with it (and with the
// texts of the pages beside the journey, whose attendance words its attendance screens use)
const AdminApp = lazyPage(() => withTexts(['admin', 'pages'], import('./admin/ElpAdmin')));

/**
 * Starts loading the page of `pathname` (a learner page, else the admin app) at once: called before
 * the first render, so its chunk downloads beside the frame's texts and account state.
 */
export function preloadPageOf(pathname: string): void {
  const matched = matchRoutes(learnerRoutes, pathname)?.[0]?.route;
  const Page = matched ? matched.Page : isLearnerPath(pathname) ? null : AdminApp;
  if (Page && canPreload(Page)) Page.preload().catch(() => undefined); // the render reports a failure
}

/** The learner area: the page frame and the learner pages, without react-admin's app. */
function LearnerShell() {
  return (
    <AppLayout notifications>
      {/* the frame (header, menu, cookie banner) paints while the page's chunk loads */}
      <Suspense fallback={<Loading />}>
        <Routes>
          {learnerRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {redirects.map(([path, target]) => (
            <Route key={path} path={path} element={<RedirectTo pattern={target} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
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

/**
 * The account state src/main.tsx asked for at start (null if that failed: the frame then asks
 * again and shows what went wrong). The first render has it with the texts, so the frame renders
 * once, signed in or not, instead of once empty and again with the menu.
 */
const startingAccount = (): Promise<AccountState | null> => appAuthProvider.fetchAccountState().catch(() => null);

/** What the first render needs, ready before it (src/main.tsx): nothing in the boot shell's place goes blank. */
export interface AppStart {
  i18nProvider: I18nProvider;
  account: AccountState | null;
}

export const appStart = (): Promise<AppStart> => Promise.all([appI18nProvider(), startingAccount()]).then(([i18nProvider, account]) => ({ i18nProvider, account }));

export function App({ start }: { start: AppStart }) {
  const [deps] = useState<AppDeps>(() => {
    // a read runs once even when the browser says it is offline: the offline exam's service worker
    // may answer it from what it keeps (src/offline/sw.ts); without one it fails as before
    const queryClient = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst' } } });
    if (start.account) queryClient.setQueryData(ACCOUNT_KEY, start.account);
    return { i18nProvider: start.i18nProvider, authProvider: appAuthProvider, store: localStorageStore(undefined, '.elp'), queryClient };
  });
  // outermost boundaries: a failure of the frame itself (header, menu) still gets a page; the
  // first render does not suspend (its texts and account are ready), a later one at the root shows nothing new
  return (
    <Suspense fallback={null}>
      <AppProviders deps={deps}>
        <PageErrorBoundary>
          <AppRouter>
            <AppRoot />
          </AppRouter>
        </PageErrorBoundary>
      </AppProviders>
    </Suspense>
  );
}

