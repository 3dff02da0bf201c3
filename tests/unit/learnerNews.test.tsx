import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '../../shared/calls/news';
import NewsPage from '../../src/learner/news/NewsPage';

/** The student's /news page: latest cards, the list with "Show more", the detail drawer, and its states. */
afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };

const all: NewsItem[] = Array.from({ length: 13 }, (_, i) => ({
  id: 100 - i,
  title: `Новость ${i + 1}`,
  contentValue: `<p>Текст ${i + 1}</p>`,
  created: new Date(Date.UTC(2025, 0, 20 - i)).toISOString(),
}));

type Reply = { status: number; body?: unknown };
let reply: (url: URL) => Reply;
const urls: string[] = [];

beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const r = reply(new URL(url, 'http://x'));
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), { status: r.status });
  });
});

/** The student news calls over `all`: the list by take/skip, an item by id. */
const news = (item: (id: number) => Reply = (id) => ({ status: 200, body: all.find((n) => n.id === id) })) => (url: URL): Reply => {
  const one = /^\/api\/students\/NewsFeed\/(\d+)$/.exec(url.pathname);
  if (one) return item(Number(one[1]));
  const take = Number(url.searchParams.get('take'));
  const skip = Number(url.searchParams.get('skip'));
  return { status: 200, body: { result: all.slice(skip, skip + take), metadata: { filteredRecords: all.length } } };
};

function renderPage(path = '/news') {
  let search = '';
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => { search = l.search; }}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/news" element={<NewsPage />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { search: () => search };
}

describe('NewsPage', () => {
  it('shows the two latest as cards, the rest as a list, and loads more', async () => {
    reply = news();
    renderPage();
    const cards = await screen.findAllByTestId('news-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Новость 1', 'Новость 2']);
    expect(urls).toEqual(['/api/students/NewsFeed?take=10&skip=0']);
    const list = screen.getByTestId('news-list');
    expect(within(list).getAllByRole('button')).toHaveLength(8);

    fireEvent.click(screen.getByRole('button', { name: 'newsFeed.loadMore' }));
    await waitFor(() => expect(within(screen.getByTestId('news-list')).getAllByRole('button')).toHaveLength(11), { timeout: 10_000 });
    expect(urls.at(-1)).toBe('/api/students/NewsFeed?take=10&skip=10');
    expect(screen.queryByRole('button', { name: 'newsFeed.loadMore' })).toBeNull();
  });

  it('opens the detail drawer with the sanitised item fetched by id', async () => {
    reply = news((id) => ({
      status: 200,
      body: { ...all.find((n) => n.id === id)!, contentValue: '<p>Полный текст<script>window.x=1</script></p><iframe src="https://evil.org"></iframe>' },
    }));
    const nav = renderPage();
    fireEvent.click(await screen.findByText('Новость 5'));
    const drawer = await screen.findByTestId('news-drawer');
    const content = await within(drawer).findByTestId('news-content', {}, { timeout: 10_000 });
    expect(urls).toContain('/api/students/NewsFeed/96');
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
    reply = () => ({ status: 200, body: { result: [], metadata: { filteredRecords: 0 } } });
    renderPage();
    expect(await screen.findByTestId('empty')).toHaveTextContent('newsFeed.empty');
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    reply = (url) => (fail ? { status: 500, body: { ErrorCode: 'InternalError', Title: 'boom' } } : news()(url));
    renderPage();
    expect(await screen.findByText(/newsFeed\.loadError/, {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'app.common.retry' }));
    expect(await screen.findAllByTestId('news-card')).toHaveLength(2);
  });

  it('opens the drawer from the address (?id=) and shows a detail error', async () => {
    reply = news(() => ({ status: 404, body: { ErrorCode: 'NewsNotFound', Title: 'nf' } }));
    renderPage('/news?id=12345');
    expect(await screen.findByText(/newsFeed\.detailError/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
