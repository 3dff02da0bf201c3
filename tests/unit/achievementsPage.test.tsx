import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AchievementsPage from '../../src/learner/achievements/AchievementsPage';
import { renderInAdmin } from './support/renderInAdmin';

let answer: unknown;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).includes('/api/Achievements')
      ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 404 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('/achievements', () => {
  it('lists course certificates and other achievements, translated', async () => {
    answer = {
      certificates: [{ certificateId: 3, title: 'Сертификат участника', date: '2026-05-01', trainingId: 1, trainingLabel: 'Курс А', file: '/api/Credential/View/3/file' }],
      achievements: [{ kind: 'first_training', trainingId: 1, awardedAt: '2026-04-01T10:00:00Z' }],
    };
    await renderInAdmin(<AchievementsPage />, { path: '/achievements' });
    expect(await screen.findByText('Сертификат участника')).toBeInTheDocument();
    expect(screen.getByText('Курс А')).toBeInTheDocument();
    expect(screen.getByText('Первое занятие')).toBeInTheDocument();
    // the date it was awarded, in the UI language
    expect(screen.getByText('1 апреля 2026 г.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Скачать' })).toHaveAttribute('href', '/api/Credential/View/3/file');
  });

  it('shows the empty-state alert', async () => {
    answer = { certificates: [], achievements: [] };
    await renderInAdmin(<AchievementsPage />, { path: '/achievements' });
    expect(await screen.findByText('У вас пока нет сертификатов и достижений')).toBeInTheDocument();
  });
});
