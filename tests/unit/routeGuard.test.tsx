import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountState } from './support/account';
import { renderShell } from './support/shell';


// the whole shell renders here; the first render also transforms react-admin and MUI
describe('client shell routes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the 403 page to a student on an instructor path, keeping the address', async () => {
    const { router } = await renderShell('/courses', accountState('Students'));
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveTextContent('403');
    expect(page).toHaveTextContent('У вас нет доступа к этой странице');
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(router.state.location.pathname).toBe('/courses');
  });

  it('shows the instructor variant of 403 to an instructor without the flag', async () => {
    await renderShell('/programs', accountState('Instructors'));
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveTextContent('Перейти к списку курсов');
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderShell('/no-such-page/42', accountState('Instructors'));
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Страница не найдена');
    expect(screen.queryByTestId('error-page')).toBeNull();
  });

  it('shows the not-found page to a guest on an unknown path', async () => {
    await renderShell('/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it.each([
    ['Guest', '/welcome'],
    ['Students', '/my-courses'],
    ['Instructors', '/courses'],
    ['Root', '/courses'],
  ] as const)('sends %s from / to %s', async (role, landing) => {
    const { router } = await renderShell('/', accountState(role));
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it('shows the welcome page to a guest', async () => {
    await renderShell('/welcome');
    // a lazy page: its chunk is transformed on first use
    expect(await screen.findByRole('button', { name: 'Начать обучение' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).toBeNull();
    expect(screen.queryByTestId('breadcrumbs')).toBeNull();
  });

  it('shows breadcrumbs on error pages for signed-in roles', async () => {
    await renderShell('/courses', accountState('Students'));
    await screen.findByTestId('error-page');
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Курсы');
  });
});
