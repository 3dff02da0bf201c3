import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountState } from '../../../tests/unit/support/account';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import { renderShell } from '../../../tests/unit/support/shell';
import PhysmathPage from './PhysmathPage';
import type { PhysmathSection } from '../../../shared/learning';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the section call with `answer` (or holds it forever when `pending`). */
function serve(answer: () => Response | Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    return String(url).includes('/api/students/physmath') ? answer() : json([]);
  });
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const physicalStudent = accountState('Students', { accessToPhysical: true });
const section: PhysmathSection = {
  myCourses: [{ id: 4, label: 'Механика', picture: null, begin: '2026-09-01T00:00:00Z', end: '2026-12-25T00:00:00Z', completed: true }],
  catalogue: [{ id: 9, label: 'Оптика', picture: null, begin: '2026-10-01T00:00:00Z', end: null }],
};

describe('/physmath-breakthrough', () => {
  it('shows the introduction, my section courses (to the course page) and open ones (to the preview)', async () => {
    serve(() => json(section));
    await renderInAdmin(<PhysmathPage />, { state: physicalStudent, path: '/physmath-breakthrough' });
    expect(screen.getByRole('heading', { level: 1, name: 'Физмат-прорыв' })).toBeInTheDocument();
    const mine = await screen.findByTestId('physmath-my-courses');
    expect(await within(mine).findByRole('link', { name: /Механика/ })).toHaveAttribute('href', '/my-courses/course/4');
    expect(within(mine).getByTestId('course-completed')).toBeInTheDocument();
    const open = screen.getByTestId('physmath-catalogue');
    expect(within(open).getByRole('link', { name: /Оптика/ })).toHaveAttribute('href', '/student-catalog/catalog/course/9');
  });

  it('shows skeletons while loading', async () => {
    serve(() => new Promise<Response>(() => {}));
    await renderInAdmin(<PhysmathPage />, { state: physicalStudent });
    expect(await screen.findAllByTestId('physmath-loading')).toHaveLength(2);
  });

  it('shows both empty states in English', async () => {
    serve(() => json({ myCourses: [], catalogue: [] }));
    await renderInAdmin(<PhysmathPage />, { state: physicalStudent, lang: 'en' });
    expect(await screen.findByText('You have not joined any course of the section yet')).toBeInTheDocument();
    expect(screen.getByText('No course of the section is open right now')).toBeInTheDocument();
  });

  it('shows the error with the server text and retries', async () => {
    let fail = true;
    const calls = serve(() => (fail ? json({ ErrorCode: 'Oops', Title: 'База недоступна', Description: 'База недоступна' }, 500) : json(section)));
    await renderInAdmin(<PhysmathPage />, { state: physicalStudent });
    expect(await screen.findByText(/Не удалось загрузить раздел\s+База недоступна/)).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Повторить' }).click();
    expect(await screen.findByText('Механика')).toBeInTheDocument();
    expect(calls.filter((u) => u.includes('/api/students/physmath'))).toHaveLength(2);
  });

  it('gives a student without physical access the 403 page and makes no call', async () => {
    const calls = serve(() => json(section));
    await renderShell('/physmath-breakthrough', accountState('Students'));
    expect(await screen.findByTestId('error-page')).toHaveTextContent('403');
    expect(calls.filter((u) => u.includes('/api/students/physmath'))).toHaveLength(0);
  });

  it('opens for a student with physical access inside the shell', async () => {
    serve(() => json(section));
    await renderShell('/physmath-breakthrough', physicalStudent);
    expect(await screen.findByTestId('physmath-page', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).toBeNull();
  });
});
