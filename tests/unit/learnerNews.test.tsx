import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, testDataProvider, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NewsPage from '../../src/learner/news/NewsPage';
import type { NewsItem } from '../../shared/resources/news';

/** The student's /news page: latest cards, the list with "Show more", the detail drawer, and its states. */
afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };

const all: NewsItem[] = Array.from({ length: 13 }, (_, i) => ({
  id: 100 - i,
  title: `Новость ${i + 1}`,
  contentValue: `<p>Текст ${i + 1}</p>`,
  created: new Date(Date.UTC(2025, 0, 20 - i)).toISOString(),
}));

function renderPage(dataProvider: ReturnType<typeof testDataProvider>, path = '/news') {
  let search = '';
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => { search = l.search; }}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/news" element={<NewsPage />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { search: () => search };
}

const pagedList = vi.fn(async (_resource: string, { pagination }: { pagination: { page: number; perPage: number } }) => {
  const skip = (pagination.page - 1) * pagination.perPage;
  return { data: all.slice(skip, skip + pagination.perPage), total: all.length };
});

describe('NewsPage', () => {
  it('shows the two latest as cards, the rest as a list, and loads more', async () => {
    renderPage(testDataProvider({ getList: pagedList } as never));
    const cards = await screen.findAllByTestId('news-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Новость 1', 'Новость 2']);
    expect(pagedList).toHaveBeenCalledWith('student-news', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
    const list = screen.getByTestId('news-list');
    expect(within(list).getAllByRole('button')).toHaveLength(8);

    fireEvent.click(screen.getByRole('button', { name: 'newsFeed.loadMore' }));
    await waitFor(() => expect(within(screen.getByTestId('news-list')).getAllByRole('button')).toHaveLength(11), { timeout: 10_000 });
    expect(pagedList).toHaveBeenLastCalledWith('student-news', expect.objectContaining({ pagination: { page: 2, perPage: 10 } }));
    expect(screen.queryByRole('button', { name: 'newsFeed.loadMore' })).toBeNull();
  });

  it('opens the detail drawer with the sanitised item fetched by id', async () => {
    const getOne = vi.fn(async (_r: string, { id }: { id: number }) => ({
      data: { ...all.find((n) => n.id === Number(id))!, contentValue: '<p>Полный текст<script>window.x=1</script></p><iframe src="https://evil.org"></iframe>' },
    }));
    const nav = renderPage(testDataProvider({ getList: pagedList, getOne } as never));
    fireEvent.click(await screen.findByText('Новость 5'));
    const drawer = await screen.findByTestId('news-drawer');
    const content = await within(drawer).findByTestId('news-content', {}, { timeout: 10_000 });
    expect(getOne).toHaveBeenCalledWith('student-news', expect.objectContaining({ id: 96 }));
    expect(content.innerHTML).toBe('<p>Полный текст</p>');
    expect(within(drawer).getByRole('heading', { level: 2 }).textContent).toBe('Новость 5');
    expect(nav.search()).toBe('?id=96');
    // the two latest, to move on to
    expect(within(drawer).getByText('Новость 1')).toBeInTheDocument();
    expect(within(drawer).getByText('Новость 2')).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: 'newsFeed.close' }));
    await waitFor(() => expect(nav.search()).toBe(''));
  });

  it('shows the empty state', async () => {
    renderPage(testDataProvider({ getList: async () => ({ data: [], total: 0 }) } as never));
    expect(await screen.findByTestId('news-empty')).toHaveTextContent('newsFeed.empty');
  });

  it('shows the load error with a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(testDataProvider({ getList: async () => Promise.reject(new Error('boom')) } as never));
    expect(await screen.findByText('newsFeed.loadError', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'newsFeed.reload' })).toBeInTheDocument();
  });

  it('opens the drawer from the address (?id=) and shows a detail error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(testDataProvider({ getList: pagedList, getOne: async () => Promise.reject(new Error('404')) } as never), '/news?id=12345');
    expect(await screen.findByText('newsFeed.detailError', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
