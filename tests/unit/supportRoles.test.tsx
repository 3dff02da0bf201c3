import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfileRightsPage from '../../src/resources/support/ProfileRightsPage';
import UsersPage from '../../src/resources/support/UsersPage';
import { accountState } from './support/account';
import { renderInAdmin } from './support/renderInAdmin';

// Root's support screens name an account's role and course role in the UI language, not by their codes (issue 27)
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (String(url).includes('/Support/Profile/7/Rights')) {
      return json({
        accountId: 7, fullName: 'Ирина Преподавателева', eMail: 'i@example.com', role: 'Instructors', permissions: [], accessToPhysical: false, mainAccountId: null,
        courses: [{ courseId: 3, label: 'Python', courseRole: 'tutor', panelPermissions: [], isCreator: false }],
      });
    }
    if (String(url).includes('/support/users')) {
      return json({
        result: [
          { accountId: 1, fullName: 'Роман Администратов', eMail: 'root@example.com', role: 'Root', permissions: [], lastLoginAt: null },
          { accountId: 2, fullName: 'Анна Студентова', eMail: 's@example.com', role: 'Students', permissions: [], lastLoginAt: null },
        ],
        metadata: { filteredRecords: 2 },
      });
    }
    return new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('role names on the support screens', () => {
  it('the user list says Администратор and Учащийся, or Administrator and Student in English', async () => {
    const ru = await renderInAdmin(<UsersPage />, { state: accountState('Root'), path: '/courses/users' });
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByText('Администратор')).toBeInTheDocument();
    expect(within(table).getByText('Учащийся')).toBeInTheDocument();
    expect(within(table).queryByText('Root')).toBeNull();
    ru.unmount();

    await renderInAdmin(<UsersPage />, { state: accountState('Root'), path: '/courses/users', lang: 'en' });
    const en = await screen.findByTestId('users-table');
    expect(await within(en).findByText('Administrator')).toBeInTheDocument();
    expect(within(en).getByText('Student')).toBeInTheDocument();
  });

  it('the profile rights name the role and the course role', async () => {
    const page = (
      <Routes>
        <Route path="/courses/users/profile-rights/:accountId" element={<ProfileRightsPage />} />
      </Routes>
    );
    await renderInAdmin(page, { state: accountState('Root'), path: '/courses/users/profile-rights/7' });
    const rights = await screen.findByTestId('profile-rights');
    expect(within(rights).getByText('Преподаватель')).toBeInTheDocument();
    expect(within(rights).getByText('Тьютор')).toBeInTheDocument();
  });
});
