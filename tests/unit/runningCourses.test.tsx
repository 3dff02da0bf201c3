import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import InvitePage, { InvitationError } from '../../src/learner/invite/InvitePage';
import { EnrolmentApplicationList } from '../../src/resources/applications/EnrolmentApplicationList';
import StudentImport from '../../src/resources/students/StudentImport';
import { InvitationCreate } from '../../src/resources/invitations/InvitationForms';
import { InvitationList } from '../../src/resources/invitations/InvitationList';
import { StudentList } from '../../src/resources/students/StudentList';
import './support/cleanup';
import { mockFetch, type Answer } from './support/mockFetch';

/** Running-course screens: list states, e-mail dialogs, import row errors, invitation error pages, applications. */
vi.setConfig({ testTimeout: 30_000 });
const i18nProvider: I18nProvider = { translate: (k: string, o?: { date?: string }) => (o?.date ? `${k}:${o.date}` : k), changeLocale: async () => undefined, getLocale: () => 'ru' };


function renderAt(path: string, pattern: string, element: React.ReactElement) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="/welcome" element={<div data-testid="welcome" />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const k = (key: string) => `resources.${key}`;
const student = { id: 7, accountId: 7, email: 's@x.ru', name: 'Иванов Иван', groupId: null, groupLabel: null, status: 1, progress: 0.5, completed: false, joinedAt: '2026-01-01T00:00:00Z' };

describe('student management', () => {
  const base = (url: string): Answer | null => {
    if (url.includes('/groups') || url.includes('/students/filters')) return { json: [] };
    if (url.includes('possible-kick-reasons')) return { json: [{ id: 'ownWish', label: 'По собственному желанию' }] };
    return null;
  };
  it('shows the list, then the empty and error states', async () => {
    mockFetch((url) => base(url) ?? { json: { result: [student], metadata: { filteredRecords: 1 } } });
    renderAt('/courses/5/student-management', '/courses/:courseId/student-management', <StudentList />);
    expect(await screen.findByText('Иванов Иван')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
  });
  it('empty', async () => {
    mockFetch((url) => base(url) ?? { json: { result: [], metadata: { filteredRecords: 0 } } });
    renderAt('/courses/5/student-management', '/courses/:courseId/student-management', <StudentList />);
    expect(await screen.findByTestId('list-empty')).toBeTruthy();
  });
  it('error', async () => {
    mockFetch((url) => base(url) ?? { status: 404, json: { ErrorCode: 'TrainingNotFound', Title: 'Training not found', Description: 'Training not found' } });
    renderAt('/courses/5/student-management', '/courses/:courseId/student-management', <StudentList />);
    expect(await screen.findByTestId('load-error')).toHaveTextContent('Training not found');
  });
  it('include dialog shows the server field error on a malformed list', async () => {
    const msg = 'Введите корректные адреса электронной почты, разделенные запятой или пробелом';
    mockFetch((url, init) => {
      if (url.endsWith('/include') && init?.method === 'POST') return { status: 400, json: { ErrorCode: 'ValidationError', Title: 'x', Description: 'x', errors: { emails: msg } } };
      return base(url) ?? { json: { result: [], metadata: { filteredRecords: 0 } } };
    });
    renderAt('/courses/5/student-management', '/courses/:courseId/student-management', <StudentList />);
    // the empty list's page carries the actions once the list has loaded
    await screen.findByTestId('list-empty');
    fireEvent.click(await screen.findByText(k('course-students.include')));
    fireEvent.change(await screen.findByLabelText('app.common.emails'), { target: { value: 'oops' } });
    fireEvent.click(screen.getByText('app.common.save'));
    expect(await screen.findByText(msg)).toBeTruthy();
  });
});

describe('student import', () => {
  it('lists the rows with errors', async () => {
    class FakeXhr {
      status = 400;
      responseText = JSON.stringify({ ErrorCode: 'ImportFailed', Title: 'В файле есть ошибки', Description: 'В файле есть ошибки', rows: [{ row: 3, message: 'Некорректный адрес' }] });
      upload: { onprogress?: (e: unknown) => void } = {};
      onload?: () => void;
      withCredentials = false;
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt('/courses/5/student-management/import', '/courses/:courseId/student-management/import', <StudentImport />);
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['x'], 'a.csv')] } });
    fireEvent.click(screen.getByText(k('course-students.upload')));
    expect(await screen.findByTestId('import-errors')).toBeTruthy();
    expect(screen.getByText('Некорректный адрес')).toBeTruthy();
  });
});

describe('invitation links (staff)', () => {
  it('copies a link and shows its QR code', async () => {
    mockFetch(() => ({ json: [{ invitationId: 4, trainingId: 5, courseId: 5, code: 'spring-25', expiryDate: null }] }));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/courses/5/invitations', '/courses/:courseId/invitations', <InvitationList />);
    expect(await screen.findByTestId('invitation-link')).toHaveTextContent(`${window.location.origin}/invite/spring-25`);
    fireEvent.click(screen.getByRole('button', { name: k('invitations.copyNamed') }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/spring-25`));
    fireEvent.click(screen.getByRole('button', { name: k('invitations.qrNamed') }));
    const qr = await screen.findByTestId('invitation-qr', {}, { timeout: 10_000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
  });

  it('refuses a day the calendar has not before calling, naming it so', async () => {
    const fetch = mockFetch(() => ({ json: {} }));
    renderAt('/courses/5/invitations/create', '/courses/:courseId/invitations/create', <InvitationCreate />);
    fireEvent.change(await screen.findByLabelText(k('invitations.fields.expiryDate')), { target: { value: '31.02.2026' } });
    fireEvent.click(screen.getByRole('button', { name: k('invitations.create') }));
    expect(await screen.findByText('resourceKit.noSuchDay')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(k('invitations.fields.expiryDate')), { target: { value: '2026/02/28' } });
    fireEvent.click(screen.getByRole('button', { name: k('invitations.create') }));
    expect(await screen.findByText('resourceKit.dayFormat')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('invitation', () => {
  const wrap = (error: unknown) =>
    render(
      <TestMemoryRouter>
        <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()}>
          <InvitationError error={error} />
        </AdminContext>
      </TestMemoryRouter>,
    );
  it("400.2 shows the expired page with the date; 404 the invitation's not-found page (not the generic one); other 400 the unavailable page with the reason", () => {
    wrap({ status: 400, body: { ErrorCode: '2', InvitationDate: '2020-01-02T23:59:59.000Z' } });
    expect(screen.getByText(/app.errors.invitationInvalid.text/)).toBeTruthy();
    wrap({ status: 404, body: { ErrorCode: 'InvitationNotFound' } });
    expect(screen.getByText(/app.errors.invitationNotFound.title/)).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
    wrap({ status: 400, body: { ErrorCode: '4', Title: 'Курс завершён', Description: 'Курс завершён' } });
    expect(screen.getByText(/app.errors.invitationUnavailable.title/)).toBeTruthy();
    expect(screen.getByText('Курс завершён')).toBeTruthy();
  });
  it('a guest sees the preview of a valid invitation', async () => {
    mockFetch(() => ({ json: { invitationId: 1, courseId: 5, code: 'abcd', expiryDate: null, label: 'Весенний поток', description: null, picture: null, begin: null, end: null, joinMode: 'direct' } }));
    renderAt('/invite/abcd', '/invite/:inviteId', <InvitePage />);
    expect(await screen.findByText('Весенний поток')).toBeTruthy();
    expect(screen.getByText(k('invitations.invite.signIn'))).toBeTruthy();
  });
  it('a student joining from the invitation gets the same success notice as from the catalogue, then the course', async () => {
    mockFetch((url) =>
      url.endsWith('/join')
        ? { json: { isApply: false, trainingId: 5 } }
        : { json: { invitationId: 1, courseId: 5, code: 'abcd', expiryDate: null, label: 'Весенний поток', description: null, picture: null, begin: null, end: null, joinMode: 'direct' } },
    );
    const authProvider = { login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => ({ role: 'Students', permissions: [] }) };
    render(
      <TestMemoryRouter initialEntries={['/invite/abcd']}>
        <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} authProvider={authProvider}>
          <Routes>
            <Route path="/invite/:inviteId" element={<InvitePage />} />
            <Route path="/my-courses/course/:courseId" element={<div data-testid="course-page" />} />
          </Routes>
          <Notification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    fireEvent.click(await screen.findByText(k('invitations.invite.join')));
    expect(await screen.findByTestId('course-page')).toBeTruthy();
    expect(await screen.findByText('app.learner.join.joined')).toBeTruthy();
  });
  it('a guest with an unknown invitation goes to the welcome page', async () => {
    mockFetch(() => ({ status: 404, json: { ErrorCode: 'InvitationNotFound', Title: 'x', Description: 'x' } }));
    renderAt('/invite/zzzz', '/invite/:inviteId', <InvitePage />);
    expect(await screen.findByTestId('welcome')).toBeTruthy();
  });
});

describe('enrolment applications', () => {
  it('allow refetches the list and the menu count', async () => {
    let pending = true;
    const fetchFn = mockFetch((url) => {
      if (url.endsWith('/allow')) {
        pending = false;
        return { json: { id: 1, status: 'allowed' } };
      }
      if (url.includes('/applications/count')) return { json: { count: pending ? 1 : 0 } };
      return { json: { result: pending ? [{ id: 1, trainingId: 5, courseLabel: 'Курс', accountId: 7, email: 's@x.ru', name: 'Иванов', status: 'pending', createdAt: '2026-01-01T00:00:00Z' }] : [], metadata: { filteredRecords: pending ? 1 : 0 } } };
    });
    renderAt('/applications-enrollment', '/applications-enrollment', <EnrolmentApplicationList />);
    fireEvent.click(await screen.findByText(k('applications-enrollment.allow')));
    await waitFor(() => expect(screen.getByTestId('list-empty')).toBeTruthy());
    expect(fetchFn.mock.calls.some(([u]) => String(u).endsWith('/api/applications/1/allow'))).toBe(true);
  });
});
