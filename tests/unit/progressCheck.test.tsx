import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import ProgressCheckPage from '../../src/resources/studentsJournal/ProgressCheckPage';
import { accountState } from './support/account';
import { mockFetch } from './support/mockFetch';
import { renderInAdmin } from './support/renderInAdmin';

/** The progress check as a react-admin List of the declared resource `progress-check`: rows, counts, the title, its empty and error states. */
vi.setConfig({ testTimeout: 30_000 });

const PATH = '/courses/5/students-journal/11/progress-check';
const answer = (result: unknown[]) => ({
  exercise: { id: 11, label: 'Тест: таблицы', exerciseType: 20, lessonId: 2, lessonLabel: 'Данные' },
  byStatus: { 1: 2, 4: 1 },
  result,
  metadata: { filteredRecords: result.length },
});
const row = { studentId: 7, firstName: 'Мария', lastName: 'Смирнова', email: 'm@x.ru', groupLabel: 'АД-21', status: 4, score: 8, maxScore: 10, attempts: 2, restarts: 0, startedAt: '2026-01-01T10:00:00Z', completedAt: '2026-01-02T10:00:00Z', evaluation: 'evaluated' };

function open(route: (url: string) => { status?: number; json?: unknown }) {
  const fetch = mockFetch((url) => (url.includes('/Groups') || url.includes('/groups') ? { json: [] } : route(url)));
  const view = renderInAdmin(
    <Routes>
      <Route path="/courses/:courseId/students-journal/:exerciseId/progress-check" element={<ProgressCheckPage />} />
    </Routes>,
    { state: accountState('Instructors', { permissions: ['ShowStudents'] }), path: PATH },
  );
  return { fetch, view };
}

describe('progress check', () => {
  it("shows each student's progress, the counts per status and the exercise in the title", async () => {
    const { fetch } = open(() => ({ json: answer([row]) }));
    const table = await screen.findByTestId('progress-check');
    const cells = within(table).getAllByRole('row')[1];
    expect(cells).toHaveTextContent('Смирнова Мария');
    expect(cells).toHaveTextContent('8 / 10');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Тест: таблицы');
    expect(screen.getByTestId('progress-by-status').textContent).toMatch(/1/);
    const list = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/ProgressCheck'));
    expect(list).toContain('/api/instructors/trainings/5/StudentsJournal/11/ProgressCheck?take=20&skip=0');
  });

  it('says so when no student matches, and keeps the counts', async () => {
    open(() => ({ json: answer([]) }));
    expect(await screen.findByText('В курсе нет студентов, подходящих под фильтры')).toBeInTheDocument();
    expect(screen.getByTestId('progress-by-status')).toBeInTheDocument();
  });

  it('tells what failed to load, with the reason', async () => {
    open(() => ({ status: 500, json: { ErrorCode: 'Internal', Title: 'Сбой', Description: '' } }));
    expect(await screen.findByTestId('load-error')).toHaveTextContent('Не удалось загрузить прогресс студентов');
  });
});
