import { fireEvent, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CourseForbiddenPage,
  CourseNotFoundPage,
  errorPageKeys,
  HttpErrorPage,
  KeyedErrorPage,
  PageErrorBoundary,
  ProgramNotFoundPage,
  ServerErrorPage,
  isChunkLoadError,
} from '../../src/errors';
import { accountState } from './support/account';
import { renderInAdmin } from './support/renderInAdmin';

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 3 failed'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('page error boundary', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows the "platform updated" page when a lazy page cannot load', async () => {
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-1.js')));
    await renderInAdmin(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveTextContent('Платформа обновилась');
    expect(page).toHaveTextContent('Обновить страницу');
  });

  it("shows 'Произошла ошибка' with Try again that renders the page anew", async () => {
    function Flaky() {
      const [fail] = useState(() => (globalThis as { failOnce?: boolean }).failOnce);
      if (fail) throw new Error('boom');
      return <p>страница</p>;
    }
    (globalThis as { failOnce?: boolean }).failOnce = true;
    await renderInAdmin(
      <PageErrorBoundary>
        <Flaky />
      </PageErrorBoundary>,
    );
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveTextContent('Произошла ошибка');
    expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/');
    (globalThis as { failOnce?: boolean }).failOnce = false;
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('страница')).toBeInTheDocument();
  });
});

describe('error pages', () => {
  it('leads instructors from 500 to the course list and others to my courses', async () => {
    const staff = await renderInAdmin(<ServerErrorPage />, { state: accountState('Instructors') });
    expect(await screen.findByRole('link', { name: 'Перейти к списку курсов' })).toHaveAttribute('href', '/courses');
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();
    staff.unmount();
    await renderInAdmin(<ServerErrorPage />, { state: accountState('Students') });
    expect(await screen.findByRole('link', { name: 'Перейти в мои курсы' })).toHaveAttribute('href', '/my-courses');
  });

  it('has the course and program pages with their buttons', async () => {
    const a = await renderInAdmin(<CourseForbiddenPage />);
    expect(await screen.findByRole('link', { name: 'Перейти к списку курсов' })).toBeInTheDocument();
    a.unmount();
    const b = await renderInAdmin(<CourseNotFoundPage />);
    expect(await screen.findByRole('link', { name: 'Перейти к списку курсов' })).toBeInTheDocument();
    b.unmount();
    await renderInAdmin(<ProgramNotFoundPage />);
    expect(await screen.findByTestId('error-page')).toHaveTextContent('Программа не найдена');
    expect(screen.getByRole('link', { name: 'Перейти к списку программ' })).toHaveAttribute('href', '/programs');
  });

  it('renders every keyed page with a translated title', async () => {
    for (const kind of errorPageKeys) {
      const view = await renderInAdmin(<KeyedErrorPage kind={kind} />);
      const page = await screen.findByTestId('error-page');
      expect(page.textContent).not.toContain('app.errors');
      view.unmount();
    }
  });

  it('maps HTTP failures to pages', async () => {
    const a = await renderInAdmin(<HttpErrorPage error={{ status: 404 }} />);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    a.unmount();
    await renderInAdmin(<HttpErrorPage error={{ status: 403 }} />);
    expect(await screen.findByTestId('error-page')).toHaveTextContent('403');
  });
});
