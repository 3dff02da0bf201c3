import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, ResourceContextProvider, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { programs } from '../../src/resources/programs';
import './support/cleanup';
import { mockFetch } from './support/mockFetch';

/**
 * What an author hears after saving (issue 27): the toast names what was made («Программа
 * «Новая» создана», `…notifications.created` with its label), and focus goes to the new thing —
 * the new program's heading, the new lesson — not back to the top of the page.
 */
vi.setConfig({ testTimeout: 30_000 });
// the label a text is given shows after its key
const i18nProvider: I18nProvider = {
  translate: (k: string, o?: { label?: string }) => (o?.label ? `${k}:${o.label}` : k),
  changeLocale: async () => undefined,
  getLocale: () => 'ru',
};


function renderAt(path: string) {
  const Create = programs.create as React.ComponentType;
  let location = '';
  render(
    // a second entry first: the screen under test is arrived at, as in the app (the first page of a load keeps the browser's focus)
    <TestMemoryRouter initialEntries={['/programs', path]} initialIndex={1} locationCallback={(l) => void (location = l.pathname)}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()}>
        <ResourceContextProvider value="programs">
          <Routes>
            <Route path="/programs/create" element={<Create />} />
            <Route path="/programs/*" element={<Routes>{programs.children as ReactNode}</Routes>} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return () => location;
}

const program = { id: 8, label: 'Новая', description: null, isReady: false, picture: null, lessonsCount: 0, exercisesCount: 0, authorsCount: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

describe('after a save', () => {
  it('a new program: the toast names it, its page’s heading has focus', async () => {
    mockFetch((_url, init) => ({ status: init?.method === 'POST' ? 201 : 200, json: init?.method === 'POST' ? program : { ...program, lessons: [] } }));
    const location = renderAt('/programs/create');
    // the create screen has its heading too
    expect(await screen.findByRole('heading', { level: 1, name: 'resources.programs.create' })).toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText(/resources.programs.fields.label/), { target: { value: 'Новая' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    expect(await screen.findByText('resources.programs.notifications.created:Новая')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/programs/8'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Новая' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('a new lesson: the toast names it, and focus is on that lesson when the program’s page shows it', async () => {
    const lesson = { id: 3, programId: 8, label: 'Введение', description: null, sequence: 1, exercises: [] };
    mockFetch((_url, init) => {
      if (init?.method === 'POST') return { status: 201, json: lesson };
      return { json: { ...program, lessons: [{ id: 2, programId: 8, label: 'Урок 1. Старт', description: null, sequence: 1, exercises: [] }, { ...lesson, sequence: 2 }] } };
    });
    const location = renderAt('/programs/8/create-lesson');
    fireEvent.change(await screen.findByLabelText(/resources.programs.fields.label/), { target: { value: 'Введение' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('resources.programs.notifications.lessonCreated:Введение')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/programs/8'));
    const created = await screen.findByRole('heading', { level: 2, name: '2. Введение' });
    await waitFor(() => expect(created).toHaveFocus());
    // a title numbered by its author is not numbered again
    expect(screen.getByRole('heading', { level: 2, name: 'Урок 1. Старт' })).toBeInTheDocument();
  });
});
