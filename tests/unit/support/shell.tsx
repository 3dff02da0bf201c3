import { render } from '@testing-library/react';
import { memoryStore, type DataProvider, type Store } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppShell } from '../../../src/App';
import { createI18nProvider } from '../../../src/i18n';
import type { Language } from '../../../src/i18n/language';
import { accountState, fakeAuthProvider } from './account';
import './cleanup';

const noData = (() => Promise.reject(new Error('no data in unit tests'))) as never;
export const fakeDataProvider = new Proxy({}, { get: () => noData }) as DataProvider;

/** Renders the whole shell at `path` in a memory data router. */
export async function renderShell(
  path: string,
  state: ReturnType<typeof accountState> = accountState('Guest'),
  { lang = 'ru', store = memoryStore() }: { lang?: Language; store?: Store } = {},
) {
  const i18nProvider = await createI18nProvider(lang);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AppShell
            deps={{ i18nProvider, authProvider: fakeAuthProvider(state), dataProvider: fakeDataProvider, store, queryClient: new QueryClient() }}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, store, i18nProvider };
}
