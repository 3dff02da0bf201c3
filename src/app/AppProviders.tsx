import { CacheProvider } from '@emotion/react';
import { CssBaseline, createTheme, useMediaQuery } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import {
  AuthContext,
  NotificationContextProvider,
  RouterProviderContext,
  StoreContextProvider,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
  useTranslate,
} from 'ra-core';
import { darkTheme, lightTheme } from '../ui/theme';
import { themeInLanguage, type ThemeTexts } from '../ui/themeLanguage';
import { LocaleProvider, useLocaleState } from './i18n';
import { appRouterProvider } from './router/raRouterProvider';
import { styleCache } from './styleCache';
import { useStore } from './store';

/** What both areas share: one i18n provider, auth provider, browser store and query cache. */
export interface AppDeps {
  i18nProvider: I18nProvider;
  authProvider: AuthProvider;
  store: Store;
  queryClient: QueryClient;
  /** the admin screens' data provider (tests give one; the admin app loads its own otherwise) */
  dataProvider?: DataProvider;
}

const AppDepsContext = createContext<AppDeps | null>(null);

/** The shared dependencies, for the admin app that mounts inside the providers. */
export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps outside AppProviders');
  return deps;
}

/**
 * Our themes have no CSS variables (no `colorSchemes`), so @mui/material's ThemeProvider would
 * take its no-variables path — @mui/system's provider with `vars: null` — while its module
 * brings the CSS-variables provider into every first load; that path is taken here directly.
 */
const noVars = (theme: ReturnType<typeof createTheme>) => ({ ...theme, vars: null });
// made on first use: creating a theme is a few ms of a phone's start, and most visits use one
const themes = new Map<string, ReturnType<typeof noVars>>();
function themeOf(mode: 'light' | 'dark', language: string, texts: ThemeTexts) {
  const key = `${mode}:${language}:${texts.loading}`;
  let theme = themes.get(key);
  if (!theme) themes.set(key, (theme = noVars(createTheme(themeInLanguage(mode === 'dark' ? darkTheme : lightTheme, language, texts)))));
  return theme;
}

/** The theme's texts in the UI's language (the progress indicators' names). */
export function useThemeTexts(): { language: string; texts: ThemeTexts } {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return { language, texts: { loading: translate('app.common.loading') } };
}

/** Light, dark, or the system's when none was chosen (the store's `theme`, as react-admin keeps it), in the UI language. */
function AppTheme({ children }: { children: ReactNode }) {
  const [chosen] = useStore<'light' | 'dark' | undefined>('theme');
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = chosen === 'light' || chosen === 'dark' ? chosen : systemDark ? 'dark' : 'light';
  const { language, texts } = useThemeTexts();
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={themeOf(mode, language, texts)}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * The contexts the app kit (src/app) reads, provided once around both areas: the learner shell
 * renders inside them; react-admin's <Admin> nests its own providers over the same instances,
 * so a language, theme or menu change and the cached reads carry across.
 */
export function AppProviders({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return (
    <AppDepsContext.Provider value={deps}>
      <AuthContext.Provider value={deps.authProvider}>
        <StoreContextProvider value={deps.store}>
          <QueryClientProvider client={deps.queryClient}>
            <NotificationContextProvider>
              <LocaleProvider value={deps.i18nProvider}>
                {/* react-admin's links and hooks in the learner area go through the app's router too */}
                <RouterProviderContext.Provider value={appRouterProvider}>
                  <AppTheme>{children}</AppTheme>
                </RouterProviderContext.Provider>
              </LocaleProvider>
            </NotificationContextProvider>
          </QueryClientProvider>
        </StoreContextProvider>
      </AuthContext.Provider>
    </AppDepsContext.Provider>
  );
}
