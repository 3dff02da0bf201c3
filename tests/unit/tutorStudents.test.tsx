import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TutorStudents from '../../src/resources/instructors/TutorStudents';
import './support/cleanup';

/** /courses/{courseId}/instructors/{instructorId}/tutor-join: a refused attach says why instead of failing silently. */
vi.setConfig({ testTimeout: 30_000 });
const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };
afterEach(() => vi.unstubAllGlobals());

describe('tutor join', () => {
  it('lists the students and toasts the server’s reason when a toggle is refused', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST' && url.includes('attach-or-detach-student')) {
        return new Response(JSON.stringify({ ErrorCode: 'Forbidden', Title: 'Нет прав на назначение', Description: '' }), { status: 403, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify([{ accountId: 7, name: 'Иванов Иван', email: 's@x.ru', attached: false }]), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <TestMemoryRouter initialEntries={['/courses/5/instructors/9/tutor-join']}>
        <AdminContext i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/courses/:courseId/instructors/:instructorId/tutor-join" element={<TutorStudents />} />
          </Routes>
          <Notification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 's@x.ru' }));
    expect(await screen.findByText(/Нет прав на назначение/)).toBeTruthy();
    expect(fetch.mock.calls.some(([u, i]) => String(u).includes('/tutor-students/attach-or-detach-student/7') && i?.method === 'POST')).toBe(true);
  });
});
