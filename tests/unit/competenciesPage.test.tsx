import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CompetenciesPage from '../../src/learner/competencies/CompetenciesPage';
import { renderInAdmin } from './support/renderInAdmin';

let answer: unknown;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).includes('/api/profile/Skills')
      ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 404 }),
  );
  // recharts' ResponsiveContainer measures its box
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('/competencies', () => {
  it('a table of index, competency and evaluation (two decimals) beside the radar chart', async () => {
    answer = [{ key: 'Логика', value: 0.333 }, { key: 'Письмо', value: 1 }];
    await renderInAdmin(<CompetenciesPage />, { path: '/competencies' });
    const table = await screen.findByTestId('competencies-table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['№КомпетенцияОценка', '1Логика0,33', '2Письмо1,00']);
    expect(screen.getByRole('img', { name: 'Диаграмма компетенций' })).toBeInTheDocument();
  });

  it('shows the empty-state alert before anything was graded', async () => {
    answer = [];
    await renderInAdmin(<CompetenciesPage />, { path: '/competencies' });
    expect(await screen.findByText('Оценок по компетенциям пока нет: они появятся, когда ваши упражнения будут оценены')).toBeInTheDocument();
  });
});
