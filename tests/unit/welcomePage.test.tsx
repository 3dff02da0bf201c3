import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WelcomePage from '../../src/learner/welcome/WelcomePage';
import { accountState } from './support/account';
import { renderInAdmin } from './support/renderInAdmin';

const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
afterEach(() => vi.unstubAllGlobals());

describe('/welcome statistic cards', () => {
  it('shows the figures counted by the server', async () => {
    vi.stubGlobal('fetch', answer({ trained: 1234, satisfied: 56, programs: 7 }));
    await renderInAdmin(<WelcomePage />, { state: accountState('Guest'), path: '/welcome' });
    await waitFor(() => expect(screen.getByTestId('welcome-stat-programs')).toHaveTextContent('7'));
    expect(screen.getByTestId('welcome-stat-satisfied')).toHaveTextContent('56');
  });

  it('leaves the cards out, not the page, when the answer is not the figures', async () => {
    vi.stubGlobal('fetch', answer([]));
    await renderInAdmin(<WelcomePage />, { state: accountState('Guest'), path: '/welcome' });
    expect(await screen.findByRole('button', { name: 'Начать обучение' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('welcome-stat-programs')).toBeNull();
    expect(screen.getByRole('button', { name: 'Начать обучение' })).toBeInTheDocument();
  });
});

describe('/welcome after a failed sign-in', () => {
  it('says why an account without a role was not let in, with the support contact', async () => {
    vi.stubGlobal('fetch', answer({ trained: 1, satisfied: 1, programs: 1 }));
    await renderInAdmin(<WelcomePage />, { state: accountState('Guest'), path: '/welcome?loginError=RoleMissing' });
    expect(await screen.findByTestId('login-error')).toHaveTextContent('сервер входа не сообщил вашу роль в ELP');
    const support = screen.getByTestId('login-error-support');
    expect(support).toHaveTextContent('Техническая поддержка:');
    expect(support.querySelector('a')?.getAttribute('href')).toMatch(/^mailto:.+@/);
  });

  it('says the sign-in server is down; a cancelled sign-in needs no support contact', async () => {
    vi.stubGlobal('fetch', answer({ trained: 1, satisfied: 1, programs: 1 }));
    const { unmount } = await renderInAdmin(<WelcomePage />, { state: accountState('Guest'), path: '/welcome?loginError=ProviderUnavailable' });
    expect(await screen.findByTestId('login-error')).toHaveTextContent('сервер входа недоступен');
    unmount();
    await renderInAdmin(<WelcomePage />, { state: accountState('Guest'), path: '/welcome?loginError=AccessDenied' });
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Вход отменён');
    expect(screen.queryByTestId('login-error-support')).toBeNull();
  });
});
