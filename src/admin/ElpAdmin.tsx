import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource, type AuthProvider, type DataProvider, type I18nProvider, type Store } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router-dom';
import { useAppDeps } from '../app/AppProviders';
import { appRouterProvider } from '../app/router/raRouterProvider';
import { dataProvider as appDataProvider } from '../dataProvider';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { NotFoundPage } from '../errors/NotFoundPage';
import { ServerErrorPage } from '../errors/ServerErrorPage';
import { AppLayout } from '../layout/AppLayout';
import { AppNotification } from '../layout/AppNotification';
import { SignInRedirect } from '../layout/SignInRedirect';
import { resourceRoutes, resources } from '../resources';
import { useLocaleState } from '../app/i18n';
import { withMuiLocale } from '../ui/muiLocale';
import { darkTheme, lightTheme } from '../ui/theme';

export interface ElpAdminProps {
  i18nProvider: I18nProvider;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  store: Store;
  queryClient: QueryClient;
}

/**
 * The react-admin app of the admin screens, loaded when an admin path opens. It sits inside the
 * app's router (AppRouter, whose history guard its forms' unsaved-changes warning uses) and shares the learner shell's store, query cache,
 * i18n and auth providers and page frame.
 */
export function ElpAdmin({ i18nProvider, authProvider, dataProvider, store, queryClient }: ElpAdminProps) {
  // MUI's own texts (aria-labels) in the UI language, as in the learner area (src/app/AppProviders.tsx)
  const [language] = useLocaleState();
  const themes = useMemo(() => ({ light: withMuiLocale(lightTheme, language), dark: withMuiLocale(darkTheme, language) }), [language]);
  return (
    <Admin
      disableTelemetry
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      layout={AppLayout}
      theme={themes.light}
      darkTheme={themes.dark}
      notification={AppNotification}
      catchAll={NotFoundPage}
      accessDenied={ForbiddenPage}
      authenticationError={ServerErrorPage}
      loginPage={SignInRedirect}
      authCallbackPage={false}
      routerProvider={appRouterProvider}
    >
      <CustomRoutes>
        {resourceRoutes.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
      </CustomRoutes>
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}

/** The lazy admin area of App.tsx: the shared dependencies from AppProviders. */
export default function AdminApp() {
  const deps = useAppDeps();
  const dataProvider = useMemo(() => deps.dataProvider ?? appDataProvider, [deps.dataProvider]);
  return <ElpAdmin {...deps} dataProvider={dataProvider} />;
}
