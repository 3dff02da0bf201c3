import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import { ExerciseMenu } from './ExerciseMenu';
import { PendingAnswerProvider } from './pendingAnswer';
import { testPage } from './questions/testPage';
import { SlideStep } from './SlideStep';
import type { SlidePage } from '../../../shared/calls/study/pages';

/**
 * No answer is lost silently (issue 10 item 18): an answer chosen and not saved with «Сохранить
 * ответ» is saved by Continue (and Previous, and the exercise menu's links) before the player
 * moves on; when it cannot be saved the student stays on the slide, is told so, and may move on
 * without it.
 */
type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let calls: { url: string; body: unknown }[];
const base = '/api/trainings/1/exercises/5/questions';

beforeEach(() => {
  calls = [];
  replies = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const r = replies[String(url)];
    return r ? new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } }) : new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const saves = () => calls.filter((c) => c.url.endsWith('/save'));
const radio = testPage('answers-question', { question: { id: 1, label: 'Автор', text: 'Кто создал Python?', choiceMode: 1, options: [{ id: 11, text: 'Гвидо' }, { id: 12, text: 'Деннис' }] } });
const integer = testPage('free-question', { question: { id: 2, label: 'Сколько', text: 'Сколько?', inputType: 3, min: null, max: null } });

async function render(page: SlidePage) {
  const onSaved = vi.fn();
  const shown = { ...page, next: 901 };
  const view = await renderInAdmin(
    <PendingAnswerProvider>
      <SlideStep courseId="1" exerciseId="5" page={shown} loadedAt={Date.now()} answered={new Set()} onSaved={onSaved} />
      <ExerciseMenu courseId="1" page={shown} step={900} answered={new Set()} />
    </PendingAnswerProvider>,
    { path: '/my-courses/course/1/3/5/900' },
  );
  return { ...view, onSaved };
}

describe('Continue with an answer not saved', () => {
  it('saves the chosen answer, then moves on', async () => {
    replies[`${base}/answers/900/save`] = { status: 200, body: { sessionId: 77, slideId: 900, saved: true } };
    const { router, onSaved } = await render(radio);
    await userEvent.click(await screen.findByRole('radio', { name: 'Гвидо' }));
    await userEvent.click(screen.getByRole('link', { name: 'Продолжить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/3/5/901'));
    expect(saves()).toEqual([{ url: `${base}/answers/900/save`, body: { sessionId: 77, optionIds: [11] } }]);
    expect(onSaved).toHaveBeenCalledWith(900);
  });

  it("the exercise menu's links save it too", async () => {
    replies[`${base}/answers/900/save`] = { status: 200, body: { sessionId: 77, slideId: 900, saved: true } };
    const { router } = await render(radio);
    await userEvent.click(await screen.findByRole('radio', { name: 'Деннис' }));
    await userEvent.click(screen.getByRole('link', { name: 'Завершение' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/3/5/end'));
    expect(saves()).toEqual([{ url: `${base}/answers/900/save`, body: { sessionId: 77, optionIds: [12] } }]);
  });

  it('with nothing changed it just moves on', async () => {
    const { router } = await render(radio);
    await userEvent.click(await screen.findByRole('link', { name: 'Продолжить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/3/5/901'));
    expect(saves()).toEqual([]);
  });

  it('a save the server refuses keeps the student on the slide with a warning; they may move on without it', async () => {
    replies[`${base}/answers/900/save`] = { status: 500, body: { ErrorCode: 'InternalError', Title: 'x' } };
    const { router } = await render(radio);
    await userEvent.click(await screen.findByRole('radio', { name: 'Деннис' }));
    await userEvent.click(screen.getByRole('link', { name: 'Продолжить' }));
    expect(await screen.findByTestId('answer-not-saved')).toHaveTextContent('Ответ не сохранён');
    expect(screen.getByTestId('question-save-error')).toHaveTextContent('Ошибка при сохранении вопроса');
    expect(router.state.location.pathname).toBe('/my-courses/course/1/3/5/900');
    await userEvent.click(screen.getByRole('link', { name: 'Перейти без сохранения' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/3/5/901'));
  });

  it("an answer the form's own check rejects is not sent: the check's message and the warning show", async () => {
    replies['/api/questions/free/types'] = { status: 200, body: [{ id: 3, key: 'integer', label: 'Целое число', contentType: '2.5.3' }] };
    const { router } = await render(integer);
    await userEvent.type(await screen.findByRole('textbox'), '3.5');
    await userEvent.click(screen.getByRole('link', { name: 'Назад' }));
    expect(await screen.findByTestId('answer-not-saved')).toBeInTheDocument();
    expect(screen.getByText('Введите целое число')).toBeInTheDocument();
    expect(saves()).toEqual([]);
    expect(router.state.location.pathname).toBe('/my-courses/course/1/3/5/900');
  });
});
