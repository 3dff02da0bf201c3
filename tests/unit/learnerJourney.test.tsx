import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CataloguePage from '../../src/learner/catalogue/CataloguePage';
import CoursePreviewPage from '../../src/learner/catalogue/CoursePreviewPage';
import { joinErrorKeys } from '../../src/learner/catalogue/useJoinCourse';
import CoursePage from '../../src/learner/course/CoursePage';
import { monthGrid } from '../../src/learner/myCourses/EventsCalendarDrawer';
import FavoritesPage, { FAVORITES_TAB_KEY } from '../../src/learner/myCourses/FavoritesPage';
import MyCoursesPage from '../../src/learner/myCourses/MyCoursesPage';
import { en } from '../../src/i18n/en';
import { ru } from '../../src/i18n/ru';

/** The learner journey pages' key states, over a mocked fetch. */
afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider: I18nProvider = {
  translate: (k: string, o?: Record<string, unknown>) => (o && Object.keys(o).length ? `${k} ${JSON.stringify(o)}` : k),
  changeLocale: async () => undefined,
  getLocale: () => 'ru',
};

type Handler = (method: string, url: string, body: unknown) => { status: number; body?: unknown } | undefined;
let handler: Handler;
const calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const res = handler(method, url, body) ?? { status: 404, body: { ErrorCode: 'RouteNotFound', Title: 'nf' } };
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), { status: res.status });
  });
});

function renderAt(path: string, routes: [string, React.ReactNode][]) {
  let location = '';
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => { location = l.pathname; }}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          {routes.map(([p, el]) => <Route key={p} path={p} element={el} />)}
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

const card = (id: number) => ({ id, label: `Курс ${id}`, picture: null, begin: '2030-01-01T00:00:00Z', end: '2030-02-01T00:00:00Z' });

describe('catalogue', () => {
  it('shows skeletons, then cards; Load more asks for the next 5', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    handler = (_m, url) => {
      if (url.startsWith('/api/catalog?')) {
        const skip = Number(new URL(url, 'http://x').searchParams.get('skip'));
        return { status: 200, body: { result: [1, 2, 3, 4, 5, 6, 7].slice(skip, skip + 5).map(card), metadata: { filteredRecords: 7 } } };
      }
    };
    const orig = globalThis.fetch;
    vi.stubGlobal('fetch', async (u: string, i?: RequestInit) => { await gate; return orig(u, i); });
    renderAt('/student-catalog', [['/student-catalog', <CataloguePage />]]);
    expect(screen.getAllByTestId('catalogue-skeleton').length).toBeGreaterThan(0);
    release();
    expect(await screen.findAllByTestId('course-card')).toHaveLength(5);
    expect(calls[0].url).toBe('/api/catalog?take=5&skip=0');
    expect(calls[0].body).toEqual({ search: '', filter: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'app.learner.catalogue.loadMore' }));
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(7));
    expect(calls.at(-1)!.url).toBe('/api/catalog?take=5&skip=5');
    expect(screen.queryByRole('button', { name: 'app.learner.catalogue.loadMore' })).toBeNull();
  });

  it('debounces the search by 500 ms, shows the empty message and clears', async () => {
    handler = (_m, _url, body) => {
      const b = body as { search: string };
      return { status: 200, body: b.search ? { result: [], metadata: { filteredRecords: 0 } } : { result: [card(1)], metadata: { filteredRecords: 1 } } };
    };
    renderAt('/student-catalog', [['/student-catalog', <CataloguePage />]]);
    await screen.findAllByTestId('course-card');
    fireEvent.change(screen.getByLabelText('app.learner.catalogue.search'), { target: { value: 'пит' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(calls.some((c) => (c.body as { search: string }).search === 'пит')).toBe(false);
    expect(await screen.findByTestId('empty', {}, { timeout: 3000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'app.learner.catalogue.clear' }));
    expect(await screen.findAllByTestId('course-card', {}, { timeout: 3000 })).toHaveLength(1);
  });

  it('switches filter tabs and shows the server text on failure', async () => {
    handler = (_m, _url, body) =>
      (body as { filter: number }).filter === 2 ? { status: 500, body: { ErrorCode: 'InternalError', Title: 'Сервер недоступен' } } : { status: 200, body: { result: [], metadata: { filteredRecords: 0 } } };
    renderAt('/student-catalog', [['/student-catalog', <CataloguePage />]]);
    await screen.findByTestId('empty');
    fireEvent.click(screen.getByRole('tab', { name: 'app.learner.catalogue.filters.future' }));
    expect(await screen.findByTestId('load-error')).toHaveTextContent('Сервер недоступен');
  });
});

const preview = (extra: Record<string, unknown> = {}) => ({
  training: 7, label: 'Python', picture: null, datesStatus: 'current', begin: null, end: null, description: '<p>Описание</p>', joinMode: 'direct',
  exercises: [{ id: 1, label: 'Лекция', description: null, kind: 'presentation', exerciseType: 10, lesson: 'Урок' }],
  group: null, instructors: [], tutors: [], support: null, isJoined: false, applicationPending: false, ...extra,
});

describe('course preview and joining', () => {
  const routes: [string, React.ReactNode][] = [
    ['/student-catalog/catalog/course/:courseId', <CoursePreviewPage />],
    ['/my-courses/course/:courseId', <div data-testid="course-route" />],
  ];

  it('maps every join answer of spec 3 §8.2 to its text: the spec’s in English, its translation in Russian', () => {
    expect(Object.keys(joinErrorKeys).sort()).toEqual(['400.1', '400.3', '400.4', '400.5', '404']);
    expect(ru.app.learner.join).toMatchObject({ notFound: 'Курс не найден', joined: 'Вы успешно записались на курс!', applied: 'Ваша заявка успешно отправлена!' });
    expect(en.app.learner.join).toMatchObject({
      notFound: 'Training not found',
      alreadyIn: 'You are already in this course',
      failed: 'Failed to join the course',
      applied: 'Your application has been successfully submitted!',
      joined: 'You have successfully joined the course!',
    });
    expect(en.app.learner.join.emailConfirmation).toBe('The course requires e-mail confirmation. Confirm your e-mail!');
  });

  it('joins directly and goes to the course page', async () => {
    handler = (m, url) => {
      if (url === '/api/catalog/course/7') return { status: 200, body: preview() };
      if (m === 'POST' && url === '/api/students/trainings/7/join') return { status: 200, body: { isApply: false, trainingId: 7 } };
    };
    const nav = renderAt('/student-catalog/catalog/course/7', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'app.learner.preview.join' }));
    await screen.findByTestId('course-route');
    expect(nav.location()).toBe('/my-courses/course/7');
  });

  it('400.1 leads to the course page', async () => {
    handler = (m, url) => {
      if (url === '/api/catalog/course/7') return { status: 200, body: preview() };
      if (m === 'POST') return { status: 400, body: { ErrorCode: '1', Title: 'x' } };
    };
    renderAt('/student-catalog/catalog/course/7', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'app.learner.preview.join' }));
    expect(await screen.findByTestId('course-route')).toBeInTheDocument();
  });

  it('by application: the pending notice after the answer', async () => {
    let applied = false;
    handler = (m, url) => {
      if (url === '/api/catalog/course/7') return { status: 200, body: preview({ joinMode: 'application', applicationPending: applied }) };
      if (m === 'POST') { applied = true; return { status: 200, body: { isApply: true, trainingId: 7 } }; }
    };
    renderAt('/student-catalog/catalog/course/7', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'app.learner.preview.apply' }));
    expect(await screen.findByTestId('application-pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'app.learner.preview.apply' })).toBeNull();
  });

  it('400.14 replaces the page with the unfilled-fields form; submit is disabled until valid; the join is retried', async () => {
    let filled = false;
    handler = (m, url, body) => {
      if (url === '/api/catalog/course/7') return { status: 200, body: preview() };
      if (m === 'POST' && url === '/api/students/trainings/7/join')
        return filled ? { status: 200, body: { isApply: false, trainingId: 7 } } : { status: 400, body: { ErrorCode: '14', Title: 'x' } };
      if (m === 'GET' && url === '/api/Attribute/course/7/unfilled')
        return { status: 200, body: [{
            id: 1001, name: 'year', label: 'Курс обучения', description: null, type: 3, regex: null, min: 1, max: 6, options: [], isTextArea: false,
            required: false, readonly: false, isHasNoneAttribute: false, categoryId: null, attributeGroupId: null, dictionaryId: null, hierarchyId: null, chain: null,
            requirement: 'required', answer: null,
          }] };
      if (m === 'POST' && url === '/api/Attribute/course/7/unfilled') {
        expect(body).toEqual({ values: [{ attributeId: 1001, value: '3' }] });
        filled = true;
        return { status: 200, body: { unfilled: [] } };
      }
    };
    renderAt('/student-catalog/catalog/course/7', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'app.learner.preview.join' }));
    const form = await screen.findByTestId('unfilled-form');
    const submit = await within(form).findByRole('button', { name: 'app.learner.unfilled.submit' });
    expect(submit).toBeDisabled();
    const input = within(form).getByRole('textbox', { name: /Курс обучения/ });
    fireEvent.change(input, { target: { value: '9' } });
    expect(submit).toBeDisabled();
    fireEvent.change(input, { target: { value: '3' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await screen.findByTestId('course-route')).toBeInTheDocument();
  });

  it('an unknown course shows the not-found page', async () => {
    handler = () => ({ status: 404, body: { ErrorCode: 'TrainingNotFound', Title: 'Training not found' } });
    renderAt('/student-catalog/catalog/course/7', routes);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('my courses, course page, favorites, calendar', () => {
  it('my courses: cards with the Completed footer, the warning card and folder link', async () => {
    handler = (_m, url) => {
      if (url === '/api/students/trainings')
        return {
          status: 200,
          body: {
            result: [
              { id: 3, type: 2, label: 'Папка', begin: null, end: null, picture: null, isFavorite: false, completed: false, modulesAmountCalc: 1, maxModulesAmountCalc: 2 },
              { ...card(5), type: 1, isFavorite: true, completed: true },
            ],
            warning: { courseId: 5, lessonId: 8, exerciseId: 9, exerciseLabel: 'Тест', courseLabel: 'Курс 5' },
          },
        };
      if (url === '/api/students/trainings/links') return { status: 200, body: [] };
      if (url === '/api/Achievements') return { status: 200, body: { certificates: [], achievements: [] } };
    };
    renderAt('/my-courses', [['/my-courses', <MyCoursesPage />]]);
    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByTestId('course-completed')).toBeInTheDocument();
    expect(cards[0].querySelector('a')!.getAttribute('href')).toBe('/my-courses/course-folder/3');
    const warning = screen.getByTestId('unfinished-warning');
    expect(within(warning).getByRole('link').getAttribute('href')).toBe('/my-courses/course/5/8/9/start');
    expect(screen.getByRole('link', { name: 'app.learner.myCourses.favorites' })).toHaveAttribute('href', '/my-courses/favorites');
  });

  it('course page: progress N/M and percent, Lesson N. with status, exercise status tooltips', async () => {
    handler = (m, url) => {
      if (url === '/api/students/trainings/5/description')
        return {
          status: 200,
          body: {
            id: 5, label: 'Курс 5', picture: null, description: '<p>О курсе</p><img src="x" onerror="alert(1)">', group: 'ПИ-101', begin: null, end: null, open: null, close: null, alwaysAvailableByDates: false,
            footer: null, topics: ['Основы'], tags: [{ label: 'python' }], files: [], tutor: null, moderator: null,
            progress: { completed: 1, total: 4, percent: 25, inReview: 0 }, rating: { position: 2, studentsCount: 10, averageScore: 7.5 }, isFavorite: false,
            nextExercise: { trainingId: 5, lessonId: 8, exerciseId: 9, label: 'Тест' },
          },
        };
      if (url === '/api/students/trainings/5/lessons')
        return {
          status: 200,
          body: [{
            id: 8, number: 1, label: 'Введение', status: 'inProgress',
            exercises: [
              { id: 1, lessonId: 8, label: 'Лекция', description: null, kind: 'presentation', exerciseType: 10, status: 4, score: 1, restarts: 0, restartLimit: 3, isAvailable: true, isFavorite: false, files: [] },
              { id: 9, lessonId: 8, label: 'Тест', description: null, kind: 'presentation', exerciseType: 20, status: 1, score: null, restarts: 0, restartLimit: 3, isAvailable: true, isFavorite: false, files: [] },
              { id: 10, lessonId: 8, label: 'Закрыто', description: null, kind: 'presentation', exerciseType: 30, status: 0, score: null, restarts: 0, restartLimit: 3, isAvailable: false, isFavorite: false, files: [] },
            ],
          }],
        };
      if (url === '/api/trainings/5/instructors/description') return { status: 200, body: [] };
      if (m === 'POST' && url === '/api/trainings/5/exercises/9/restart') return { status: 200, body: { sessionId: 1 } };
    };
    renderAt('/my-courses/course/5', [['/my-courses/course/:courseId', <CoursePage />]]);
    expect(await screen.findByTestId('course-progress')).toHaveTextContent('app.learner.course.progress {"completed":1,"count":4}');
    expect(screen.getByTestId('course-progress')).toHaveTextContent('25%');
    expect(screen.getByRole('link', { name: 'app.learner.course.continue' })).toHaveAttribute('href', '/my-courses/course/5/8/9/start');
    const lesson = await screen.findByTestId('lesson');
    // the description comes with its sanitiser (loaded after the first paint), above the lessons
    const description = screen.getByText('О курсе');
    expect(description.compareDocumentPosition(lesson) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(lesson).toHaveTextContent('app.learner.course.lesson {"n":1} Введение');
    expect(lesson).toHaveTextContent('app.learner.course.lessonStatus.inProgress');
    // a lesson not completed is open: its heading's button opens and closes the region of its exercises
    const summary = within(lesson).getByRole('button', { name: /Введение/ });
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(within(lesson).getByRole('region')).toHaveAttribute('aria-labelledby', summary.id);
    fireEvent.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(summary);
    expect(within(lesson).getByTestId('status-4')).toBeInTheDocument();
    expect(within(lesson).getByTestId('status-1')).toBeInTheDocument();
    expect(within(lesson).queryByRole('link', { name: 'Закрыто' })).toBeNull();
    expect(screen.getByTestId('course-rating')).toHaveTextContent('7,50'); // the language's decimal comma

    // the per-exercise menu: a lecture cannot be retaken; the test can, after a confirm
    const rows = within(lesson).getAllByTestId('exercise-row');
    // (the menu loads when first opened)
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'app.learner.course.menu' }));
    const menu = await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'app.learner.course.retake' })).toBeNull();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'app.learner.course.menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'app.learner.course.retake' }));
    expect(await screen.findByText(/app.learner.course.retakeConfirm/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/trainings/5/exercises/9/restart')).toBe(true));
  });

  it('course page: a test handed in and awaiting the check says «submitted», not «in progress»', async () => {
    handler = (_m, url) => {
      if (url === '/api/students/trainings/5/description')
        return {
          status: 200,
          body: {
            id: 5, label: 'Курс 5', picture: null, description: null, group: null, begin: null, end: null, open: null, close: null, alwaysAvailableByDates: false,
            footer: null, topics: [], tags: [], files: [], tutor: null, moderator: null,
            progress: { completed: 0, total: 1, percent: 0, inReview: 1 }, rating: { position: 1, studentsCount: 1, averageScore: 0 }, isFavorite: false, nextExercise: null,
          },
        };
      if (url === '/api/students/trainings/5/lessons')
        return {
          status: 200,
          body: [{ id: 8, number: 1, label: 'Введение', status: 'submitted', exercises: [
            { id: 9, lessonId: 8, label: 'Тест', description: null, kind: 'presentation', exerciseType: 20, status: 3, score: null, restarts: 0, restartLimit: 3, isAvailable: true, isFavorite: false, files: [] },
          ] }],
        };
      if (url === '/api/trainings/5/instructors/description') return { status: 200, body: [] };
    };
    renderAt('/my-courses/course/5', [['/my-courses/course/:courseId', <CoursePage />]]);
    expect(await screen.findByTestId('course-progress')).toHaveTextContent('app.learner.course.inReview {"n":1}');
    const lesson = await screen.findByTestId('lesson');
    expect(within(lesson).getByTestId('lesson-status')).toHaveTextContent('app.learner.course.lessonStatus.submitted');
    expect(lesson).not.toHaveTextContent('app.learner.course.lessonStatus.inProgress');
    expect(within(lesson).getByTestId('exercise-submitted')).toHaveTextContent('app.learner.course.submitted');
  });

  it('course page of a course the student is not in: 404 page', async () => {
    handler = () => ({ status: 404, body: { ErrorCode: 'TrainingNotFound', Title: 'Training not found' } });
    renderAt('/my-courses/course/5', [['/my-courses/course/:courseId', <CoursePage />]]);
    expect(await screen.findByTestId('error-page')).toBeInTheDocument();
  });

  it('favorites: the chosen tab is remembered for the session; unavailable exercises are not links', async () => {
    sessionStorage.removeItem(FAVORITES_TAB_KEY);
    handler = (_m, url) => {
      if (url === '/api/Favorites/Training/5/Exercise/9') return { status: 200, body: { isFavorite: false } };
      if (url === '/api/Favorites/Trainings/List') return { status: 200, body: { result: [], metadata: { filteredRecords: 0 } } };
      if (url === '/api/Favorites/Exercises/List')
        return {
          status: 200,
          body: { result: [{ id: 9, label: 'Тест', exerciseType: 20, status: 0, isAvailable: false, trainingId: 5, trainingLabel: 'Курс 5', lessonId: 8, lessonLabel: 'Введение', lessonNumber: 1 }], metadata: { filteredRecords: 1 } },
        };
    };
    renderAt('/my-courses/favorites', [['/my-courses/favorites', <FavoritesPage />]]);
    await screen.findByTestId('empty');
    fireEvent.click(screen.getByRole('tab', { name: 'app.learner.favorites.exercises' }));
    const ex = await screen.findByTestId('favorite-exercise');
    expect(ex).toHaveTextContent('Курс 5');
    expect(within(ex).queryByRole('link')).toBeNull();
    expect(sessionStorage.getItem(FAVORITES_TAB_KEY)).toBe('exercises');
    fireEvent.click(within(ex).getByRole('button', { name: 'app.learner.course.removeFavorite' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/Favorites/Training/5/Exercise/9')).toBe(true));
    cleanup();
    renderAt('/my-courses/favorites', [['/my-courses/favorites', <FavoritesPage />]]);
    expect(await screen.findByRole('tab', { name: 'app.learner.favorites.exercises', selected: true })).toBeInTheDocument();
  });

  it('calendar weeks start on Monday', () => {
    // 1 March 2031 is a Saturday
    const grid = monthGrid(2031, 2);
    expect(grid[0]).toEqual([null, null, null, null, null, 1, 2]);
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
    expect(grid.every((w) => w.length === 7)).toBe(true);
  });
});
