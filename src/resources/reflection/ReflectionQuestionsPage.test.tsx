import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountState } from '../../../tests/unit/support/account';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import ReflectionQuestionsPage from './ReflectionQuestionsPage';

/** The reflection question editor against a stubbed server. */
const calls: { method: string; url: string; body?: unknown }[] = [];
let list: unknown[];
let saveReply: { status: number; body: unknown };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  list = [{ id: 1, exerciseId: 7, text: 'Что было полезно?', answerKind: 'text', required: true, minChars: 10, maxAnswers: null, options: [], sequence: 0, answers: 3 }];
  saveReply = { status: 200, body: {} };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET') return json(200, list);
    return json(saveReply.status, saveReply.body);
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderInAdmin(
    <Routes>
      <Route path="/programs/:programId/:lessonId/:exerciseId/reflection" element={<ReflectionQuestionsPage />} />
    </Routes>,
    { path: '/programs/3/5/7/reflection', lang: 'en', state: accountState('Instructors') },
  );

describe('reflection questions', () => {
  it('lists the questions with their kind and answers', async () => {
    await render();
    const item = await screen.findByTestId('reflection-question');
    expect(item).toHaveTextContent('Что было полезно?');
    expect(item).toHaveTextContent('Text answer');
    expect(item).toHaveTextContent('Answers: 3');
  });

  it('adds a choice question with its options and shows the server field errors at the inputs', async () => {
    await render();
    await screen.findByTestId('reflection-question');
    fireEvent.click(screen.getByTestId('reflection-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('reflection-text'), { target: { value: 'Что понравилось?' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Choice of options' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add an option' }));
    fireEvent.change(within(dialog).getByLabelText('Option 1'), { target: { value: 'Лекция' } });
    saveReply = { status: 400, body: { ErrorCode: 'ValidationError', Title: 'Validation', Description: '', errors: { options: 'Add at least two options' } } };
    fireEvent.click(within(dialog).getByTestId('reflection-save'));
    expect(await within(dialog).findByText('Add at least two options')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringContaining('/api/reflection/exercises/7/questions'),
      body: { text: 'Что понравилось?', answerKind: 'choice', required: false, minChars: null, maxAnswers: null, options: [{ text: 'Лекция' }] },
    });
  });
});
