import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDataProvider, createHttpClient } from '../../src/dataProvider';
import { resourceFromDeclaration } from '../../src/resources/factory';
import { defineResource } from '../../shared/resources/define';

/**
 * A nested resource (a course's notes, scoped by `courseId`) gets its List, Create and Edit
 * screens at /courses/:courseId/… from the declaration alone, through the real dataProvider:
 * every call carries the course of the route.
 */
afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const notes = defineResource({
  name: 'course-notes',
  schema: { record: z.object({ id: z.number(), title: z.string() }), create: z.object({ title: z.string().trim().min(1).max(100) }) },
  api: { conventions: 'simple-rest', basePath: '/api/instructors/trainings/{courseId}/notes' },
  rule: 'staff',
  scope: ['courseId'],
  course: { read: 'view', write: 'syllabus' },
  ui: { fields: {}, list: { columns: [{ source: 'title' }] } },
});
const paths = { list: '/courses/:courseId/notes', create: '/courses/:courseId/notes/create', edit: '/courses/:courseId/notes/:id' };

const i18nProvider: I18nProvider = { translate: (key: string) => key, changeLocale: async () => undefined, getLocale: () => 'ru' };

function serve() {
  const calls: string[] = [];
  const rows = [{ id: 1, title: 'Первая' }];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const u = new URL(String(url), 'http://x');
    calls.push(`${init.method ?? 'GET'} ${u.pathname}`);
    if ((init.method ?? 'GET') === 'GET' && u.pathname.endsWith('/notes')) {
      return new Response(JSON.stringify(rows), { headers: { 'Content-Range': `course-notes 0-${rows.length - 1}/${rows.length}` } });
    }
    if (init.method === 'POST') return new Response(JSON.stringify({ id: 2, ...JSON.parse(String(init.body)) }), { status: 201 });
    if (init.method === 'PUT') return new Response(JSON.stringify({ id: 1, ...JSON.parse(String(init.body)) }));
    return new Response(JSON.stringify(rows[0]));
  });
  return { calls, dataProvider: createDataProvider({ declarations: [notes], httpClient: createHttpClient(fetchImpl as unknown as typeof fetch) }) };
}

function renderAt(path: string) {
  const { entry, routes } = resourceFromDeclaration(notes, { paths });
  const { calls, dataProvider } = serve();
  const List = entry.list as React.ComponentType;
  let location = '';
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => { location = l.pathname; }}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={paths.list} element={<ResourceContextProvider value="course-notes"><List /></ResourceContextProvider>} />
          {routes.map((r) => <Route key={r.path} path={r.path} element={r.element} />)}
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, location: () => location };
}

describe('a nested resource from its declaration alone', () => {
  it('lists the records of the course in the route and opens one for editing there', async () => {
    const { calls, location } = renderAt('/courses/7/notes');
    expect(await screen.findByText('Первая')).toBeInTheDocument();
    expect(calls).toContain('GET /api/instructors/trainings/7/notes');
    fireEvent.click(screen.getByText('Первая'));
    await waitFor(() => expect(location()).toBe('/courses/7/notes/1'));
  });

  it('creates a record in the course of the route and goes back to its list', async () => {
    const { calls, location } = renderAt('/courses/7/notes/create');
    fireEvent.change(await screen.findByLabelText(/resources.course-notes.fields.title/), { target: { value: 'Вторая' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(calls).toContain('POST /api/instructors/trainings/7/notes'));
    await waitFor(() => expect(location()).toBe('/courses/7/notes'));
  });

  it('edits a record of the course of the route', async () => {
    const { calls } = renderAt('/courses/7/notes/1');
    const input = await screen.findByDisplayValue('Первая');
    expect(calls).toContain('GET /api/instructors/trainings/7/notes/1');
    fireEvent.change(input, { target: { value: 'Правка' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(calls).toContain('PUT /api/instructors/trainings/7/notes/1'));
  });
});
