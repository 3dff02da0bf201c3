import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppBreadcrumbs } from '../../src/layout/AppBreadcrumbs';
import { breadcrumbTrail } from '../../src/layout/breadcrumbTrail';
import { renderInAdmin } from './support/renderInAdmin';

describe('breadcrumbTrail', () => {
  it('names program, lesson and exercise ids with the API item types', () => {
    expect(breadcrumbTrail('/programs/5/7/9/edit')).toEqual([
      { path: '/programs', segment: 'programs', link: true },
      { path: '/programs/5', segment: '5', item: { itemId: '5', itemType: 'Course' }, link: true },
      { path: '/programs/5/7', segment: '7', item: { itemId: '7', itemType: 'Lesson' }, link: false },
      { path: '/programs/5/7/9', segment: '9', item: { itemId: '9', itemType: 'Exercise' }, link: false },
      { path: '/programs/5/7/9/edit', segment: 'edit', link: false },
    ]);
  });

  it('treats courses as Trainings and course groups as Sets, skipping qualifier segments', () => {
    const trail = breadcrumbTrail('/my-courses/course/12/3/4/start');
    expect(trail.map((c) => c.item?.itemType ?? c.segment)).toEqual(['my-courses', 'Training', 'Lesson', 'Exercise', 'start']);
    expect(breadcrumbTrail('/courses/course-group/8/edit').map((c) => c.item?.itemType ?? c.segment)).toEqual([
      'courses', 'Set', 'edit',
    ]);
    // an id the breadcrumbs call cannot name (a student, a template) gets no crumb: never a raw id
    expect(breadcrumbTrail('/courses/3/student-management/44/page').map((c) => c.item?.itemType ?? c.segment)).toEqual([
      'courses', 'Training', 'student-management',
    ]);
    expect(breadcrumbTrail('/resources/templates/5').map((c) => c.item?.itemType ?? c.segment)).toEqual(['resources', 'templates']);
  });

  it('links the news crumb to the news list, which the spec spells /instructors-news', () => {
    const [news] = breadcrumbTrail('/instructors/news/create').filter((c) => c.segment === 'news');
    expect(news).toMatchObject({ path: '/instructors-news', link: true });
  });

  it('does not link the current page', () => {
    expect(breadcrumbTrail('/courses').at(-1)?.link).toBe(false);
  });
});

describe('<AppBreadcrumbs>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('labels ids from the breadcrumbs call', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json([
        { itemId: 21, label: 'Python для начинающих' },
        { itemId: 22, label: 'Циклы' },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderInAdmin(<AppBreadcrumbs />, { path: '/programs/21/22/edit' });
    await waitFor(() => expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Python для начинающих'));
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Главная');
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Программы');
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Циклы');
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Редактирование');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/breadcrumbs');
    expect(JSON.parse(String(init.body))).toEqual({
      inputModels: [
        { itemId: 21, itemType: 'Course' },
        { itemId: 22, itemType: 'Lesson' },
      ],
    });
  });

  it('on a phone: the parent and the current page after a button that shows the whole path', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([{ itemId: 21, label: 'Python для начинающих' }, { itemId: 22, label: 'Циклы' }])));
    // a phone's width: the "down sm" query matches
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }));
    await renderInAdmin(<AppBreadcrumbs />, { path: '/programs/21/22/edit' });
    const trail = screen.getByTestId('breadcrumbs');
    await waitFor(() => expect(trail).toHaveTextContent('Циклы'));
    expect(trail).toHaveTextContent('Редактирование');
    expect(trail).not.toHaveTextContent('Главная');
    expect(trail).not.toHaveTextContent('Программы');
    fireEvent.click(screen.getByRole('button', { name: 'Показать весь путь' }));
    expect(trail).toHaveTextContent(/Главная.*Программы.*Python для начинающих.*Циклы.*Редактирование/);
  });

  it('keeps showing ids when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    await renderInAdmin(<AppBreadcrumbs />, { path: '/courses/31/edit' });
    await waitFor(() => expect(screen.getByTestId('breadcrumbs')).toHaveTextContent(/Курсы.*31.*Редактирование/));
  });
});
