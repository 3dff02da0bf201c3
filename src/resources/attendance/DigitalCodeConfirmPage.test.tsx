import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import { accountState } from '../../../tests/unit/support/account';
import DigitalCodeConfirmPage from './DigitalCodeConfirmPage';

/** The instructor's digital-code screen against a stubbed server (the confirm call and the digital-code journal). */
type Reply = { status: number; body?: unknown };
let replies: Reply[];
let journal: unknown[];
const posted: unknown[] = [];
const json = (r: Reply) => new Response(JSON.stringify(r.body ?? null), { status: r.status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posted.length = 0;
  journal = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).includes('/DigitalCode/Journal/')) return json({ status: 200, body: { result: journal, metadata: { filteredRecords: journal.length } } });
    posted.push(init?.body ? JSON.parse(String(init.body)) : undefined);
    return json(replies.shift() ?? { status: 500 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderInAdmin(
    <Routes>
      <Route path="/courses/:courseId/visit-journal/digitalCode" element={<DigitalCodeConfirmPage />} />
    </Routes>,
    { path: '/courses/5/visit-journal/digitalCode', lang: 'en', state: accountState('Instructors') },
  );
const type = (value: string) => fireEvent.change(screen.getByTestId('confirm-code'), { target: { value } });
const visit = { id: 1, studentId: 9, firstName: 'Анна', lastName: 'Студентова', exerciseId: 3, exerciseLabel: 'Встреча', markedAt: '2026-01-01T10:00:00.000Z' };
const confirmed = { id: 7, code: '012345', exerciseId: 3, exerciseLabel: 'Встреча', lessonId: 2, studentId: 9, firstName: 'Анна', lastName: 'Студентова', email: 'a@x.y', confirmedAt: '2026-01-01T10:00:00.000Z', confirmedBy: 'Преподавателев Пётр' };

describe('digital code confirmation', () => {
  it('sends the code with the course and lists the confirmed student in the digital-code journal', async () => {
    replies = [{ status: 200, body: { message: 'The visit has been recorded: Студентова Анна', visit } }];
    await render();
    expect(await screen.findByText('No codes confirmed yet')).toBeInTheDocument();
    journal = [confirmed];
    type('01-23 45');
    expect(screen.getByTestId('confirm-code')).toHaveValue('012345');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('confirm-success')).toHaveTextContent('The visit has been recorded: Студентова Анна');
    expect(posted).toEqual([{ code: '012345', courseId: 5 }]);
    expect(await screen.findByText('Студентова Анна')).toBeInTheDocument();
    expect(screen.getByText('Преподавателев Пётр')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-code')).toHaveValue('');
  });

  it("shows the server's reason and does not call for a short code", async () => {
    replies = [{ status: 400, body: { ErrorCode: 'CodeUsed', Title: 'This code has already been used', Description: 'This code has already been used' } }];
    await render();
    type('123');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent('The code is 6 digits');
    expect(posted).toEqual([]);
    type('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This code has already been used')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-success')).toBeNull();
  });
});
