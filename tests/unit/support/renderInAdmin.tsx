import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, type Store } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createDataProvider } from '../../../src/dataProvider';
import { createI18nProvider, loadLazyTexts } from '../../../src/i18n';
import type { Language } from '../../../src/i18n/language';
import { darkTheme, lightTheme } from '../../../src/ui/theme';
import { accountState, fakeAuthProvider } from './account';
import './cleanup';

/** Renders a piece of the shell inside react-admin's contexts (store, i18n, auth, theme) at `path`. */
export async function renderInAdmin(
  ui: ReactNode,
  {
    state = accountState('Students'),
    store = memoryStore(),
    lang,
    path = '/',
  }: { state?: ReturnType<typeof accountState>; store?: Store; lang?: Language; path?: string } = {},
) {
  // as the admin screens' lazy loaders do before a screen renders (a learner page needs none)
  await Promise.all((['admin', 'pages', 'profile', 'player', 'playerQuestions', 'scorm'] as const).map((b) => loadLazyTexts(b)));
  const i18nProvider = await createI18nProvider(lang);
  const element = (
    <AdminContext
      authProvider={fakeAuthProvider(state)}
      // the app's own: declared lists read through it (and the test's fetch)
      dataProvider={createDataProvider()}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      {ui}
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, i18nProvider, store, router };
}
