import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudentAttempt } from '../../shared/calls/evaluation';
import { AttemptCard } from '../../src/resources/exercisesCheck/AttemptCard';
import { accountState } from './support/account';
import { renderInAdmin } from './support/renderInAdmin';

/** The exercises check's attempt card: answers with files, points on the stated scale, the server's field errors. */
const attempt: StudentAttempt = {
  sessionId: 7,
  studentId: 3,
  studentName: 'Петрова Анна',
  email: 'anna@example.com',
  attemptNo: 1,
  finishedAt: '2026-04-01T10:00:00Z',
  progressStatus: 3,
  score: 1,
  maxScore: 11,
  evaluation: { status: 'draft', body: '', scores: {}, score: null, evaluatedAt: null, evaluatorName: null },
  answers: [
    {
      slideId: 11,
      label: 'Автор языка',
      question: '<p>Кто создал Python?</p>',
      given: { kind: 'choice', options: [{ text: 'Гвидо ван Россум', chosen: true, correct: true }, { text: 'Линус Торвальдс', chosen: false, correct: false }] },
      contentKind: 10,
      maxScore: 1,
      manual: false,
      answered: true,
      value: { optionIds: [1] },
      files: [],
      score: 1,
      // made offline and sent later (issue 31)
      sentLate: { answeredAt: '2026-04-01T09:40:00Z', receivedAt: '2026-04-01T09:55:00Z' },
    },
    { slideId: 12, label: 'Отчёт', question: null, given: null, contentKind: 60, maxScore: 10, manual: true, answered: true, value: { fileIds: [5], files: [{ id: 5, name: 'report.pdf', size: 10 }] }, files: [{ id: 5, name: 'report.pdf', size: 10, address: '/api/files/5' }], score: null, sentLate: null },
    {
      slideId: 13,
      label: 'Пары',
      question: '<p>Сопоставьте</p>',
      given: { kind: 'matching', pairs: [{ option: '1', target: 'int', correct: true }, { option: '"a"', target: null, correct: false }] },
      contentKind: 13,
      maxScore: 1,
      manual: false,
      answered: true,
      value: {},
      files: [],
      score: 0.5,
      sentLate: null,
    },
    {
      slideId: 14,
      label: 'Порядок',
      question: null,
      given: { kind: 'sequence', items: [{ text: 'второй', correct: false }, { text: 'первый', correct: false }] },
      contentKind: 12,
      maxScore: 1,
      manual: false,
      answered: true,
      value: {},
      files: [],
      score: 0,
      sentLate: null,
    },
  ],
};

let sent: { url: string; body: unknown }[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (String(url).includes('/Draft')) {
      return new Response(JSON.stringify({ ErrorCode: 'ValidationError', Title: 'x', Description: 'x', errors: { 'scores.12': 'Баллы: от 0 до 10' } }), { status: 400, headers: { 'content-type': 'application/json' } });
    }
    return new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('exercises check: an attempt', () => {
  it("shows the answers, the file to download and a points field on the question's scale for the manual answer only", async () => {
    await renderInAdmin(<AttemptCard courseId="1" exerciseId="2" attempt={attempt} />, { state: accountState('Instructors') });
    expect(await screen.findByText('Петрова Анна')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', '/api/files/5?download=1');
    expect(screen.getByText('Автоматически: 1 из 1')).toBeInTheDocument();
    // each question's text, and what the student chose against the options, in words
    expect(screen.getByText('Кто создал Python?')).toBeInTheDocument();
    const choice = screen.getByTestId('given-choice');
    expect(within(choice).getAllByRole('listitem')[0]).toHaveTextContent(/Гвидо ван Россум — выбран.*Правильный вариант/);
    expect(within(choice).getAllByRole('listitem')[1]).toHaveTextContent('Линус Торвальдс — не выбран');
    const pairs = within(screen.getByTestId('given-matching')).getAllByRole('listitem');
    expect(pairs[0]).toHaveTextContent('1 → intВерно');
    expect(pairs[1]).toHaveTextContent('"a" → не сопоставленоНеверно');
    expect(within(screen.getByTestId('given-sequence')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['второйНеверно', 'первыйНеверно']);
    expect(screen.getAllByLabelText(/Баллы \(0–/)).toHaveLength(1);
    expect(screen.getByLabelText('Баллы (0–10)')).toBeInTheDocument();
    // an answer made offline and sent later says so, with when it was made, in the UI's language
    const late = screen.getAllByTestId('sent-late');
    expect(late).toHaveLength(1);
    expect(late[0]).toHaveTextContent(/^Отправлен позже, после потери связи; ответ дан 01\.04\.2026/);
  });

  it('sends the points by slide and shows the server refusal next to the field', async () => {
    await renderInAdmin(<AttemptCard courseId="1" exerciseId="2" attempt={attempt} />, { state: accountState('Instructors') });
    fireEvent.change(await screen.findByLabelText('Баллы (0–10)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    const card = screen.getByTestId('attempt-card');
    expect(await within(card).findByText('Баллы: от 0 до 10')).toBeInTheDocument();
    expect(sent.find((s) => s.url.includes('/Sessions/7/Draft'))?.body).toEqual({ body: '', scores: { '12': 12 } });
  });
});
