import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { programs } from '../../src/resources/programs';
import { ProgramList } from '../../src/resources/programs/list/ProgramList';
import './support/cleanup';
import { mockFetch } from './support/mockFetch';

/** Program screens: list states, program 404, view, e-mail list check of the authors screen. */
vi.setConfig({ testTimeout: 30_000 });
const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };


/** The program resource's screens as the app mounts them: the list, and its own routes below /programs. */
function renderAt(path: string) {
  const Create = programs.create as React.ComponentType;
  let location = '';
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => void (location = l.pathname)}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()}>
        <ResourceContextProvider value="programs">
          <Routes>
            <Route path="/programs" element={<ProgramList />} />
            <Route path="/programs/create" element={<Create />} />
            <Route path="/programs/*" element={<Routes>{programs.children as ReactNode}</Routes>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, location: () => location };
}

const program = {
  id: 7,
  label: 'Основы',
  description: null,
  isReady: true,
  picture: null,
  lessonsCount: 1,
  exercisesCount: 1,
  authorsCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

describe('program list', () => {
  it('shows loading, then the programs', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAt('/programs');
    // react-admin's list placeholder while the call is pending
    await waitFor(() => expect(document.querySelector('.RaDatagrid-root')).not.toBeNull(), { timeout: 3000 });
    expect(screen.queryByText('Основы')).toBeNull();
    answer(new Response(JSON.stringify({ result: [program], metadata: { filteredRecords: 1 } }), { headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText('Основы')).toBeInTheDocument();
    expect(screen.getByTestId('program-list')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetch(() => ({ json: { result: [], metadata: { filteredRecords: 0 } } }));
    renderAt('/programs');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('resources.programs.empty');
  });

  it('shows the error state with the spec text and retries', async () => {
    const fetch = mockFetch(() => ({ status: 403, json: { ErrorCode: 'Forbidden', Title: 'Нет доступа', Description: 'Нет доступа' } }));
    renderAt('/programs');
    expect(await screen.findByTestId('load-error')).toHaveTextContent('resources.programs.loadError');
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'app.common.retry' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });

  it('sends search and the ready filter', async () => {
    const fetch = mockFetch(() => ({ json: { result: [], metadata: { filteredRecords: 0 } } }));
    renderAt('/programs');
    fireEvent.change(await screen.findByPlaceholderText('ra.action.search'), { target: { value: 'хим' } });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('search=%D1%85%D0%B8%D0%BC'))).toBe(true), { timeout: 3000 });
  });

  it('opens a program from its row', async () => {
    mockFetch((url) => ({ json: url.includes('/Courses/View') ? { result: [program], metadata: { filteredRecords: 1 } } : { ...program, lessons: [] } }));
    renderAt('/programs');
    fireEvent.click(await screen.findByText('Основы'));
    expect(await screen.findByTestId('add-lesson')).toBeInTheDocument();
  });
});

describe('program create and edit (the declared resource)', () => {
  it('creates a program with the spec call and opens its page', async () => {
    const fetch = mockFetch((_url, init) => ({ status: init?.method === 'POST' ? 201 : 200, json: init?.method === 'POST' ? { ...program, id: 8, label: 'Новая' } : { ...program, id: 8, label: 'Новая', lessons: [] } }));
    const { location } = renderAt('/programs/create');
    fireEvent.change(await screen.findByLabelText(/resources.programs.fields.label/), { target: { value: 'Новая' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(location()).toBe('/programs/8'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/Instructors/Courses/Create');
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ label: 'Новая' });
  });

  it('edits a program with the spec call and goes back to its page', async () => {
    const fetch = mockFetch((_url, init) => ({ json: init?.method === 'PUT' ? { ...program, label: 'Правка' } : { ...program, lessons: [] } }));
    const { location } = renderAt('/programs/7/edit');
    fireEvent.change(await screen.findByDisplayValue('Основы'), { target: { value: 'Правка' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(location()).toBe('/programs/7'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/Instructors/Courses/7/Edit');
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ label: 'Правка', isReady: true });
  });
});

describe('program view', () => {
  it('shows the program 404 page with the way back to the list', async () => {
    mockFetch(() => ({ status: 404, json: { ErrorCode: 'ProgramNotFound', Title: 'Программа не найдена', Description: 'Программа не найдена' } }));
    renderAt('/programs/999');
    expect(await screen.findByTestId('error-page')).toHaveTextContent('app.errors.programNotFound.title');
    expect(screen.getByRole('link', { name: 'app.errors.toPrograms' })).toHaveAttribute('href', '/programs');
  });

  it('shows lessons and exercises with their actions', async () => {
    mockFetch(() => ({
      json: {
        ...program,
        lessons: [
          {
            id: 3,
            programId: 7,
            label: 'Введение',
            description: null,
            sequence: 1,
            exercises: [{ id: 11, lessonId: 3, label: 'Лекция', kind: 'scorm', exerciseType: 10, sequence: 1, isScoExercise: true, availabilityRule: 99, completionCondition: 10, slidesCount: 0 }],
          },
        ],
      },
    }));
    renderAt('/programs/7');
    expect(await screen.findByText('1. Введение')).toBeInTheDocument();
    expect(screen.getAllByTestId('exercise-row')).toHaveLength(1);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('/programs/7/3/11/edit-scorm');
    expect(links).toContain('/programs/7/lesson/3/sort');
  });
});

describe('authors', () => {
  it('checks the e-mail list before calling the server (spec 2 §6)', async () => {
    const fetch = mockFetch(() => ({ json: [{ accountId: 1, email: 'a@b.ru', firstName: 'А', lastName: 'Б', addedAt: '2026-01-01T00:00:00Z' }] }));
    renderAt('/programs/7/authors');
    fireEvent.change(await screen.findByTestId('author-emails'), { target: { value: 'a@b.ru, oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'resources.programs.actions.include' }));
    expect(await screen.findByText('resources.programs.validation.emailList')).toBeInTheDocument();
    expect(fetch.mock.calls.every(([, init]) => !init?.method || init.method === 'GET')).toBe(true);
  });
});

describe('webinar screens', () => {
  const exercise = (kind: string) => ({ id: 9, programId: 7, lessonId: 3, kind, label: 'Лекция', description: null, exerciseType: 10, availabilityRule: 1, completionCondition: 10, isHiddenDescription: false, feedbackEnabled: false, timeLimitMinutes: null, restartLimit: 0, isScoExercise: false, scorm: null, webinarLink: null, webinarStartsAt: null, webinarRecordingLink: null, constraintUnion: 'and', sequence: 1 });

  it('opened for an exercise that is not a webinar: says so and links to its own edit page, calling no webinar call', async () => {
    for (const screenPath of ['webinar/edit', 'webinar/video']) {
      const fetch = mockFetch((url) => (url.endsWith('/Exercises/9/Info') ? { json: exercise('presentation') } : { status: 400, json: { ErrorCode: 'NotWebinar', Title: 'x' } }));
      const view = renderAt(`/programs/7/3/9/${screenPath}`);
      expect(await screen.findByTestId('not-webinar')).toHaveTextContent('resources.programs.messages.notWebinar');
      expect(screen.getByRole('link', { name: 'resources.programs.actions.edit' })).toHaveAttribute('href', '/programs/7/3/9/edit');
      expect(fetch.mock.calls.map(([u]) => String(u)).filter((u) => /Webinar/.test(u))).toEqual([]);
      view.unmount();
    }
  });
});

describe('in the shell', () => {
  it('serves the program screens at their spec routes, translated (authors, lesson sort)', async () => {
    const { renderShell } = await import('./support/shell');
    const { accountState } = await import('./support/account');
    mockFetch((url) => ({
      json: url.includes('/authors')
        ? [{ accountId: 1, email: 'a@b.ru', firstName: 'Анна', lastName: 'Петрова', addedAt: '2026-01-01T00:00:00Z' }]
        : [{ id: 1, label: 'Урок 1', sequence: 1 }, { id: 2, label: 'Урок 2', sequence: 2 }],
    }));
    const who = accountState('Instructors', { permissions: ['TrainingSettings'] });
    const view = await renderShell('/programs/7/authors', who);
    expect(await screen.findByRole('heading', { name: 'Авторы программы' })).toBeInTheDocument();
    expect(await screen.findByText('Петрова Анна')).toBeInTheDocument();
    view.unmount();
    await renderShell('/programs/7/sort', who);
    expect(await screen.findByRole('heading', { name: 'Порядок уроков' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('sortable-item')).toHaveLength(2);
  });

  it('refuses an instructor without a program flag', async () => {
    const { renderShell } = await import('./support/shell');
    const { accountState } = await import('./support/account');
    mockFetch(() => ({ json: [] }));
    await renderShell('/programs', accountState('Instructors', { permissions: [] }));
    expect(await screen.findByTestId('error-page')).toBeInTheDocument();
    expect(screen.queryByTestId('program-list')).not.toBeInTheDocument();
  });
});
