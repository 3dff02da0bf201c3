import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountsPage from '../../src/learner/accounts/AccountsPage';
import { accountState } from './support/account';
import { renderInAdmin } from './support/renderInAdmin';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: { url: string; method: string; body: unknown }[] = [];
let family: unknown[] = [];
let addAnswer: Response;

beforeEach(() => {
  calls = [];
  family = [
    { accountId: 7, fullName: 'Петрова Анна', eMail: 'user@example.com', isMain: true, isCurrent: true },
    { accountId: 9, fullName: 'Петрова Анна (преподаватель)', eMail: 'teacher@example.com', isMain: false, isCurrent: false },
  ];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (String(url).includes('/api/account/relation/List')) return json(family);
    if (String(url).includes('/api/account/relation/Add')) return addAnswer;
    return new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('/accounts', () => {
  it('lists full name, e-mail and Log in, the current account marked', async () => {
    await renderInAdmin(<AccountsPage />, { path: '/accounts' });
    const table = await screen.findByTestId('accounts-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toContain('Текущий');
    expect(within(rows[2]).getByTestId('account-login-9')).toHaveTextContent('Войти');
    expect(within(rows[2]).getByTestId('account-unlink-9')).toBeInTheDocument();
    // in the main account there is nothing to return to
    expect(screen.queryByTestId('accounts-to-main')).toBeNull();
  });

  it('a linked account returns to the main one and does not offer unlinking', async () => {
    family = [
      { accountId: 7, fullName: 'Петрова Анна', eMail: 'user@example.com', isMain: true, isCurrent: false },
      { accountId: 9, fullName: 'Преподаватель', eMail: 'teacher@example.com', isMain: false, isCurrent: true },
    ];
    await renderInAdmin(<AccountsPage />, { path: '/accounts', state: accountState('Instructors', { accountId: 9, isMain: false }) });
    expect(await screen.findByTestId('accounts-to-main')).toHaveTextContent('Вернуться в основной аккаунт');
    expect(screen.queryByTestId('account-unlink-9')).toBeNull();
  });

  it('links by e-mail and password and shows the server’s refusal', async () => {
    addAnswer = json({ ErrorCode: 'IncorrectLoginOrPassword', Title: 'Неверный логин или пароль', Description: '' }, 404);
    await renderInAdmin(<AccountsPage />, { path: '/accounts' });
    fireEvent.click(await screen.findByTestId('accounts-link'));
    fireEvent.change(screen.getByTestId('link-login'), { target: { value: 'other@example.com' } });
    fireEvent.change(screen.getByTestId('link-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-error')).toHaveTextContent('Неверный логин или пароль');
    const add = calls.find((c) => c.url.includes('/Add'));
    expect(add).toMatchObject({ method: 'POST', body: { login: 'other@example.com', password: 'secret' } });
    // the password never goes into the address
    expect(add!.url).not.toContain('secret');
    await waitFor(() => expect(screen.getByTestId('link-submit')).not.toBeDisabled());
  });
});
