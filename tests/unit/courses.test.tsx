import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { courseRoutes } from '../../src/resources/courses';
import { CourseCreate } from '../../src/resources/courses/forms/CourseCreate';
import { CourseList } from '../../src/resources/courses/list/CourseList';
import './support/cleanup';

/** Course, course-group and task-queue screens: states, date tabs, course 404/403, forms, tree, stop. */
vi.setConfig({ testTimeout: 30_000 });
const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };

type Answer = { status?: number; json?: unknown };
function mockFetch(route: (url: string, init?: RequestInit) => Answer) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status = 200, json } = route(String(input), init);
    return new Response(json === undefined ? '' : JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderAt(path: string) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      {/* the screens read the declared resources through the app's dataProvider (over the mocked fetch) */}
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()}>
        <Routes>
          <Route path="/courses" element={<CourseList />} />
          <Route path="/courses/create" element={<CourseCreate />} />
          {courseRoutes.map(([p, Page]) => (
            <Route key={p} path={`/courses/${p}`} element={<Page />} />
          ))}
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const course = {
  id: 5,
  type: 1,
  programId: 2,
  programLabel: 'Основы',
  label: 'Весенний поток',
  description: '<p>Про курс</p>',
  footer: null,
  picture: null,
  begin: '2030-02-01T00:00:00.000Z',
  end: '2030-06-30T23:59:59.999Z',
  open: null,
  close: null,
  alwaysAvailableByDates: false,
  groupLabel: 'ИВТ-21',
  tutor: null,
  moderator: null,
  tutorEmail: null,
  moderatorEmail: null,
  joinMode: 'application',
  requiresEmailConfirmation: false,
  relatedCategory: null,
  isPublished: true,
  keywords: null,
  datesVisibility: 'all',
  gradeAggregation: 'average',
  passingScore: null,
  dateStatus: 'future',
  studentsCount: 3,
  instructorsCount: 1,
  myRole: 'instructor',
  member: { role: 'instructor', panelPermissions: [] },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const list = (rows: unknown[]) => ({ result: rows, metadata: { filteredRecords: rows.length } });

describe('course list (/courses)', () => {
  it('asks for current courses first, shows them, and switches the date tab', async () => {
    const fetch = mockFetch((url) => (url.includes('/sets') ? { json: [] } : { json: list([course]) }));
    renderAt('/courses');
    expect(screen.getAllByTestId('loading').length).toBeGreaterThan(0);
    expect(await screen.findByText('Весенний поток')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/instructors/Trainings/List?dateFilter=1'))).toBe(true);
    expect(screen.getByText('01.02.2030 — 30.06.2030')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('tab-past'));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('dateFilter=3'))).toBe(true));
    fireEvent.click(screen.getByTestId('tab-all'));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('dateFilter=0'))).toBe(true));
  });

  it('shows the empty state, the error state with retry, and sends the search', async () => {
    mockFetch((url) => (url.includes('/sets') ? { json: [] } : { json: list([]) }));
    renderAt('/courses');
    expect(await screen.findByText('resources.courses.messages.noCourses')).toBeInTheDocument();
    const fetch = mockFetch((url) => (url.includes('/sets') ? { json: [] } : { status: 500, json: { ErrorCode: 'InternalError', Title: 'Сбой' } }));
    fireEvent.change(screen.getByTestId('course-search'), { target: { value: 'физ' } });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('search=%D1%84%D0%B8%D0%B7'))).toBe(true), { timeout: 3000 });
    expect(await screen.findByTestId('load-error', {}, { timeout: 5000 })).toHaveTextContent('resources.courses.messages.coursesLoadError');
  });
});

describe('course page (/courses/{courseId})', () => {
  it('shows the description, the sub-screen menu and recalculates', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.endsWith('/success/execute')) return { json: { students: 3, completed: 1 } };
      if (url.includes('/instructors/description')) return { json: [{ accountId: 1, firstName: 'Ирина', lastName: 'Петрова', eMail: 'i@x.ru', picture: null, role: 'instructor', isHidden: false }] };
      if (url.includes('/lessons/description')) return { json: [{ id: 1, label: 'Введение', description: null, sequence: 0, exercisesCount: 2 }] };
      if (url.includes('/description')) return { json: { ...course, group: course.groupLabel } };
      return { status: 404, json: { ErrorCode: 'RouteNotFound' }, init } as Answer;
    });
    renderAt('/courses/5');
    expect(await screen.findByRole('heading', { name: 'Весенний поток' })).toBeInTheDocument();
    expect(screen.getByText('Основы')).toBeInTheDocument();
    expect(screen.getByText('ИВТ-21')).toBeInTheDocument();
    expect(screen.getByTestId('course-description-html')).toHaveTextContent('Про курс');
    const menu = screen.getByTestId('course-menu');
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'resources.courses.menu.edit' })).toHaveAttribute('href', '/courses/5/edit'));
    expect(await screen.findByText('Петрова Ирина')).toBeInTheDocument();
    expect(await screen.findByText('1. Введение')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('recalculate'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/api/instructors/trainings/5/success/execute') && i?.method === 'POST')).toBe(true));
  });

  it('shows a tutor only the screens their panel permissions open, and no settings or recalculation', async () => {
    mockFetch((url) => {
      if (url.includes('/instructors/description')) return { json: [] };
      if (url.includes('/lessons/description')) return { json: [] };
      if (url.includes('/description')) return { json: { ...course, myRole: 'tutor', member: { role: 'tutor', panelPermissions: [6] }, group: course.groupLabel } };
      return { status: 404, json: { ErrorCode: 'RouteNotFound' } };
    });
    renderAt('/courses/5');
    const menu = await screen.findByTestId('course-menu');
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'resources.invitations.name' })).toBeInTheDocument());
    expect(within(menu).getByRole('link', { name: 'resources.course-links.name' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'resources.course-students.name' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'resources.course-instructors.name' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'resources.courses.menu.edit' })).toBeNull();
    expect(screen.queryByTestId('recalculate')).toBeNull();
  });

  it("answers a course the caller may not see with the course 404 page ('Перейти к списку курсов')", async () => {
    mockFetch(() => ({ status: 404, json: { ErrorCode: 'TrainingNotFound', Title: 'Training not found' } }));
    renderAt('/courses/99');
    expect(await screen.findByRole('link', { name: 'app.errors.toCourses' })).toHaveAttribute('href', '/courses');
    expect(screen.getByText('app.errors.courseNotFound.title')).toBeInTheDocument();
  });

  it('answers 403 with the course 403 page', async () => {
    mockFetch(() => ({ status: 403, json: { ErrorCode: 'Forbidden' } }));
    renderAt('/courses/99/edit');
    expect(await screen.findByText('app.errors.courseForbidden.title')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'app.errors.toCourses' })).toBeInTheDocument();
  });
});

describe('course create (/courses/create)', () => {
  it('checks the date range before calling, then creates and opens the course', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.endsWith('/api/instructors/courses')) return { json: [{ id: 2, label: 'Основы', isReady: true }, { id: 3, label: 'Наброски', isReady: false }] };
      if (url.endsWith('/trainings/create') && init?.method === 'POST') return { status: 201, json: course };
      if (url.includes('/description')) return { json: { ...course, group: null } };
      return { json: [] };
    });
    renderAt('/courses/create');
    const begin = await screen.findByLabelText('resources.courses.fields.begin');
    fireEvent.change(begin, { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByLabelText('resources.courses.fields.end'), { target: { value: '2030-04-01' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('resources.courses.messages.dateRange')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/trainings/create'))).toBe(false);

    fireEvent.change(screen.getByLabelText('resources.courses.fields.end'), { target: { value: '2030-06-01' } });
    // a draft program is named as one, and choosing it warns (more when the course is to be published)
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /resources.courses.fields.programId/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Наброски (resources.programs.draft)' }));
    expect(await screen.findByTestId('draft-program')).toHaveTextContent('resources.courses.messages.draftProgram');
    fireEvent.click(screen.getByRole('switch', { name: /resources.courses.fields.isPublished/ }));
    expect(await screen.findByTestId('draft-program')).toHaveTextContent('resources.courses.messages.draftProgramPublished');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /resources.courses.fields.programId/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Основы' }));
    await waitFor(() => expect(screen.queryByTestId('draft-program')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/trainings/create') && i?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/trainings/create'))!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ programId: 2, begin: '2030-05-01', end: '2030-06-01', alwaysAvailableByDates: false, open: null, close: null, joinMode: 'direct', isPublished: true });
    expect(await screen.findByRole('heading', { name: 'Весенний поток' })).toBeInTheDocument();
  });
});

describe('course groups', () => {
  const group = { id: 3, parentId: null, label: 'Направление', description: null, picture: null, begin: null, end: null, isPublished: true, trainingIds: [5], trainings: [{ id: 5, label: 'Весенний поток' }], childrenCount: 1, coursesCount: 2, canManage: true, createdAt: '2026-01-01T00:00:00Z' };
  const tree = { id: 3, type: 2, label: 'Направление', begin: null, end: null, children: [{ id: 5, type: 1, label: 'Весенний поток', begin: null, end: null, children: [] }, { id: 4, type: 2, label: 'Модуль', begin: null, end: null, children: [{ id: 6, type: 1, label: 'Курс модуля', begin: null, end: null, children: [] }] }] };

  it('shows the tree of groups and courses with the actions of its manager', async () => {
    mockFetch((url) => {
      if (url.includes('trainings-hierarchy')) return { json: tree };
      if (url.includes('parent-sets-for')) return { json: [] };
      return { json: group };
    });
    renderAt('/courses/course-group/3');
    expect(await screen.findByText('Курс модуля')).toBeInTheDocument();
    expect(screen.getAllByTestId('tree-group').map((a) => a.getAttribute('href'))).toEqual(['/courses/course-group/4']);
    expect(screen.getAllByTestId('tree-course').map((a) => a.getAttribute('href'))).toEqual(['/courses/5', '/courses/6']);
    const actions = screen.getByTestId('group-actions');
    expect(within(actions).getByRole('link', { name: 'resources.courseGroups.actions.studentsAdd' })).toHaveAttribute('href', '/courses/course-group/3/students/add');
  });

  it('hides the changes from someone who only sees the group', async () => {
    mockFetch((url) => {
      if (url.includes('trainings-hierarchy')) return { json: tree };
      if (url.includes('parent-sets-for')) return { json: [] };
      return { json: { ...group, canManage: false } };
    });
    renderAt('/courses/course-group/3');
    expect(await screen.findByText('resources.courseGroups.messages.readOnly')).toBeInTheDocument();
    expect(within(screen.getByTestId('group-actions')).queryByRole('link', { name: 'resources.courseGroups.actions.edit' })).toBeNull();
  });

  it('adds students by e-mail list: a bad list is refused on the spot, a good one queues a task and opens its queue', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.includes('Students/Include/by-set') && init?.method === 'POST') return { json: { taskId: 9, courses: 2, skippedCourses: 0, accounts: 1 } };
      if (url.includes('/queue/task/statuses')) return { json: [{ id: 'queued', label: 'В очереди' }] };
      if (url.includes('/queue/tasks'))
        return {
          json: list([{ id: 9, taskId: 9, type: { id: 10, label: 'Добавление студентов' }, status: { id: 'queued', label: 'В очереди' }, progress: 0, courseId: null, courseLabel: null, setId: 3, createdBy: null, createdAt: '2026-01-01T00:00:00Z', startedAt: null, finishedAt: null, error: null, summary: {}, resultFile: null }]),
        };
      return { json: group };
    });
    renderAt('/courses/course-group/3/students/add');
    const emails = await screen.findByLabelText('resources.courseGroups.fields.emails');
    fireEvent.change(emails, { target: { value: 'a@b.ru; nope' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('resources.courseGroups.messages.emailList')).toBeInTheDocument();
    fireEvent.change(emails, { target: { value: 'a@b.ru, c@d.ru' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => String(u).includes('Students/Include/by-set') && i?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('Students/Include/by-set'))!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ setId: 3, emails: 'a@b.ru, c@d.ru' });
    expect(await screen.findByTestId('task-9')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/instructors/queue/tasks?setId=3&type=10'))).toBe(true);
  });
});

describe('task queue', () => {
  it('shows status and progress, and stops a queued task', async () => {
    const task = { id: 7, taskId: 7, type: { id: 20, label: 'Выгрузка посещений' }, status: { id: 'running', label: 'Выполняется' }, progress: 40, courseId: 5, courseLabel: 'Весенний поток', setId: null, createdBy: { id: 1, name: 'Петрова Ирина', email: 'i@x.ru' }, createdAt: '2026-01-01T00:00:00Z', startedAt: '2026-01-01T00:00:01Z', finishedAt: null, error: null, summary: {}, resultFile: null };
    const fetch = mockFetch((url, init) => {
      if (url.includes('/queue/task/7') && init?.method === 'DELETE') return { json: { ...task, status: { id: 'stopped', label: 'Остановлена' } } };
      if (url.includes('/queue/task/statuses')) return { json: [] };
      return { json: list([task]) };
    });
    renderAt('/courses/visit-stat-download/task-queue');
    const row = await screen.findByTestId('task-7');
    expect(within(row).getByTestId('task-status')).toHaveTextContent('Выполняется');
    expect(within(row).getByText('40%')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Весенний поток' })).toHaveAttribute('href', '/courses/5');
    fireEvent.click(within(row).getByRole('button', { name: 'resources.tasks.actions.stop' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/api/instructors/queue/task/7') && i?.method === 'DELETE')).toBe(true));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('type=20&type=12'))).toBe(true);
  });

  it('an empty queue says so and keeps its toolbar; a failed load says what failed', async () => {
    mockFetch((url) => (url.includes('/queue/task/statuses') ? { json: [] } : { json: list([]) }));
    const view = renderAt('/courses/visit-stat-download/task-queue');
    expect(await screen.findByText('resources.tasks.empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'resources.tasks.actions.refresh' })).toBeInTheDocument();
    view.unmount();
    mockFetch((url) => (url.includes('/queue/task/statuses') ? { json: [] } : { status: 500, json: { ErrorCode: 'Internal', Title: 'Сбой', Description: '' } }));
    renderAt('/courses/visit-stat-download/task-queue');
    expect(await screen.findByTestId('load-error')).toHaveTextContent('resources.tasks.loadError');
  });
});
