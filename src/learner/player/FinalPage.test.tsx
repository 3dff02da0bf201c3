import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import { FinalPage } from './FinalPage';
import type { AttemptResult } from '../../../shared/calls/study/results';

/** The final page against a stubbed server: result, previews, Retry, competencies, next, feedback, reflection. */
type Reply = { status: number; body?: unknown };
let routes: Record<string, Reply | ((body: unknown) => Reply)>;
const posted: { url: string; body: unknown }[] = [];
const json = (r: Reply) => new Response(r.body === undefined ? null : JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    if (init?.method === 'POST') posted.push({ url: String(url), body });
    const r = routes[key];
    if (!r) return json({ status: 404, body: { ErrorCode: 'RouteNotFound', Title: key } });
    return json(typeof r === 'function' ? r(body) : r);
  });
});
afterEach(() => vi.unstubAllGlobals());

const result = (over: Partial<AttemptResult> = {}): AttemptResult => ({
  sessionId: 9,
  attemptNo: 1,
  attemptStatus: 'finished',
  exerciseId: 3,
  exerciseType: 20,
  startedAt: '2026-01-01T10:00:00.000Z',
  finishedAt: '2026-01-01T10:02:05.000Z',
  durationSeconds: 125,
  score: 1,
  maxScore: 2,
  correctCount: 1,
  questionsCount: 2,
  status: 4,
  statusText: 'COMPLETED',
  failed: false,
  requiresReview: false,
  restarts: 0,
  restartLimit: 3,
  canRestart: true,
  showsCorrectAnswers: false,
  competencyCount: 0,
  questions: [
    { slideId: 21, label: 'Столица Франции', contentKind: 10, required: true, answered: true, correctness: 1, needsReview: false, score: 1, maxScore: 1, answer: { optionIds: [1] }, correctAnswer: null },
    { slideId: 22, label: 'Чётные числа', contentKind: 10, required: false, answered: true, correctness: 0, needsReview: false, score: 0, maxScore: 1, answer: { optionIds: [3] }, correctAnswer: null },
  ],
  ...over,
});
const base = '/api/trainings/1/exercises/3';
const slide = (id: number, options: { id: number; text: string }[]) => ({ status: 200, body: { slideId: id, content: { question: { options } }, answer: null } });

function serve(r: AttemptResult, extra: typeof routes = {}) {
  routes = {
    [`GET ${base}/finish`]: { status: 200, body: r },
    [`GET /api/Trainings/1/exercises/3/feedback`]: { status: 200, body: { enabled: false, rating: null, text: null } },
    [`GET ${base}/NextExercise`]: { status: 204 },
    [`GET /api/Training/1/exercise/3/reflectionQuestion`]: { status: 200, body: { questions: [], answered: false } },
    [`POST /api/Trainings/1/Exercises/3/Pages`]: (b) =>
      (b as { slideId: string }).slideId === '21' ? slide(21, [{ id: 1, text: 'Париж' }, { id: 2, text: 'Лион' }]) : slide(22, [{ id: 3, text: 'Три' }, { id: 4, text: 'Четыре' }]),
    ...extra,
  };
}

const render = () =>
  renderInAdmin(
    <>
      <Notification />
      <Routes>
        <Route path="/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId" element={<FinalPage courseId="1" exerciseId="3" lessonId={2} />} />
        <Route path="*" element={<div data-testid="elsewhere" />} />
      </Routes>
    </>,
    { path: '/my-courses/course/1/2/3/end' },
  );

describe('final page', () => {
  it('an attempt whose time ran out is closed by the finish call, not by reading it', async () => {
    serve(result({ attemptStatus: 'expired' }), {
      [`GET ${base}/finish`]: { status: 400, body: { ErrorCode: '17', Title: 'Время, отведённое на ответ, истекло' } },
      [`POST ${base}/finish`]: { status: 200, body: result({ attemptStatus: 'expired' }) },
    });
    render();
    expect(await screen.findByTestId('final-page')).toBeInTheDocument();
    expect(posted.map((p) => p.url)).toContain(`${base}/finish`);
  });

  it('shows time, correct answers, score, status and that no review is needed; previews the answer by option name', async () => {
    serve(result());
    await render();
    expect(await screen.findByTestId('final-completion-time')).toHaveTextContent('02:05');
    expect(screen.getByTestId('final-correct-answers')).toHaveTextContent('1/2');
    expect(screen.getByTestId('final-score')).toHaveTextContent('1/2');
    expect(screen.getByTestId('final-status')).toHaveTextContent('Выполнено');
    expect(screen.getByTestId('review-notice')).toHaveTextContent('Проверка преподавателем не требуется');
    expect(screen.queryByTestId('feedback-form')).toBeNull(); // feedback is off for this exercise
    const rows = screen.getAllByTestId('question-result');
    expect(within(rows[0]).getByText('Верно')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Неверно')).toBeInTheDocument();
    fireEvent.click(within(rows[1]).getByRole('button', { name: /Чётные числа/ }));
    expect(await within(rows[1]).findByTestId('answer-preview')).toHaveTextContent('Три');
    expect(within(rows[1]).queryByTestId('correct-preview')).toBeNull();
    expect(posted.at(-1)).toEqual({ url: '/api/Trainings/1/Exercises/3/Pages', body: { slideId: '22', sessionId: 9 } });
  });

  it('an exercise without questions (a lecture) shows no counts, and says so', async () => {
    serve(result({ exerciseType: 10, canRestart: false, score: 0, maxScore: 0, correctCount: 0, questionsCount: 0, questions: [] }));
    await render();
    expect(await screen.findByTestId('final-correct-answers')).toHaveTextContent('—');
    expect(screen.getByTestId('final-score')).toHaveTextContent('—');
    expect(screen.getByText('В упражнении нет вопросов')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Пройти заново' })).toBeNull();
  });

  it('a failed SCORM result says failed, not completed', async () => {
    serve(result({ failed: true, questions: [], questionsCount: 0, correctCount: 0, score: 40, maxScore: 100 }));
    await render();
    expect(await screen.findByTestId('final-status')).toHaveTextContent('Не пройдено');
    expect(screen.getByTestId('final-status')).not.toHaveTextContent('Выполнено');
  });

  it('without retakes left: no Retry, the correct answer is previewed, review notice when required', async () => {
    serve(result({ canRestart: false, showsCorrectAnswers: true, requiresReview: true, statusText: 'EVALUATION', questions: [{ ...result().questions[1], correctAnswer: { optionIds: [4] } }] }));
    await render();
    expect(await screen.findByTestId('review-notice')).toHaveTextContent('Ответы будут проверены преподавателем');
    expect(screen.getByTestId('final-status')).toHaveTextContent('На проверке у преподавателя');
    expect(screen.queryByRole('button', { name: 'Пройти заново' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Чётные числа/ }));
    expect(await screen.findByTestId('correct-preview')).toHaveTextContent('Четыре');
  });

  it('Retry restarts only after the confirmation, then goes to the new attempt’s start', async () => {
    serve(result(), { [`POST ${base}/restart`]: { status: 200, body: { sessionId: 10, attemptNo: 2, deadlineAt: null, message: 'ok' } } });
    const { router } = await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Пройти заново' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/безвозвратно перезаписаны/)).toBeInTheDocument();
    expect(posted.some((p) => p.url.endsWith('/restart'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /подтвердить|confirm/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/start'));
    expect(posted.filter((p) => p.url.endsWith('/restart'))).toHaveLength(1);
    expect(await screen.findByText('Перезапуск упражнения успешно выполнен')).toBeInTheDocument();
  });

  it('Retry past the limit shows the 401 text', async () => {
    serve(result(), { [`POST ${base}/restart`]: { status: 401, body: { ErrorCode: 'RestartCountExceeded', Title: 'x' } } });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Пройти заново' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /подтвердить|confirm/i }));
    expect(await screen.findByText('Нет доступа. Превышено количество перезапусков')).toBeInTheDocument();
  });

  it('View competencies lists them with the evaluation; an exercise without competencies does not offer them', async () => {
    serve(result({ competencyCount: 1 }), { [`GET ${base}/competencies`]: { status: 200, body: [{ id: 1, name: 'Логика', weight: 2, value: 0.5 }] } });
    const first = await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Компетенции' }));
    const dialog = await screen.findByTestId('competencies-dialog');
    expect(await within(dialog).findByText('Логика')).toBeInTheDocument();
    // the language's decimal comma
    expect(within(dialog).getByText('0,50')).toBeInTheDocument();
    first.unmount();
    serve(result());
    await render();
    await screen.findByTestId('final-page');
    expect(screen.queryByRole('button', { name: 'Компетенции' })).toBeNull();
  });

  it('Next exercise: the primary link when there is one; none (204): not offered, Return to course is primary; a failure asks again and says why', async () => {
    serve(result(), { [`GET ${base}/NextExercise`]: { status: 200, body: { trainingId: 1, lessonId: 6, exerciseId: 7, label: 'Дальше' } } });
    const first = await render();
    const next = await screen.findByRole('link', { name: 'Следующее упражнение' });
    expect(next).toHaveAttribute('href', '/my-courses/course/1/6/7/start');
    expect(next).toHaveClass('MuiButton-contained');
    expect(screen.getByRole('link', { name: 'Вернуться к курсу' })).toHaveClass('MuiButton-outlined');
    first.unmount();

    serve(result());
    const second = await render();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Вернуться к курсу' })).toHaveClass('MuiButton-contained'));
    expect(screen.queryByRole('link', { name: 'Следующее упражнение' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Следующее упражнение' })).toBeNull();
    second.unmount();

    serve(result(), { [`GET ${base}/NextExercise`]: { status: 404, body: { ErrorCode: 'NotFound', Title: 'x' } } });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Следующее упражнение' }));
    expect(await screen.findByText('Следующее доступное упражнение не найдено')).toBeInTheDocument();
  });

  it('feedback form: rating required, saved with its text, success text', async () => {
    serve(result(), {
      [`GET /api/Trainings/1/exercises/3/feedback`]: { status: 200, body: { enabled: true, rating: null, text: null } },
      [`POST /api/Trainings/1/exercises/3/feedback/save`]: { status: 200, body: { message: 'ok' } },
    });
    await render();
    const form = await screen.findByTestId('feedback-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Комментарий' }), { target: { value: 'Полезно' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить отзыв' }));
    expect(await within(form).findByText('Поставьте оценку')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('radio', { name: 'Оценка 4 из 5' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить отзыв' }));
    expect(await screen.findByText('Отзыв успешно сохранён')).toBeInTheDocument();
    expect(posted.find((p) => p.url.endsWith('/feedback/save'))?.body).toEqual({ rating: 4, text: 'Полезно' });
  });

  it('reflection survey opens by itself, validates (required, minimum characters, maximum options) and sends', async () => {
    serve(result(), {
      [`GET /api/Training/1/exercise/3/reflectionQuestion`]: {
        status: 200,
        body: {
          answered: false,
          questions: [
            { id: 1, text: 'Что было полезно?', answerKind: 'text', required: true, minChars: 10, maxAnswers: null, options: [] },
            { id: 2, text: 'Что понравилось?', answerKind: 'choice', required: false, minChars: null, maxAnswers: 1, options: [{ id: 5, text: 'Видео' }, { id: 6, text: 'Тест' }] },
            { id: 3, text: 'Темы', answerKind: 'choice', required: false, minChars: null, maxAnswers: 2, options: [{ id: 7, text: 'A' }, { id: 8, text: 'B' }, { id: 9, text: 'C' }] },
          ],
        },
      },
      [`POST /api/Training/1/exercise/3/reflectionAnswers`]: { status: 200, body: { message: 'ok' } },
    });
    await render();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await within(dialog).findByText('Обязательное поле')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'мало' } });
    for (const name of ['A', 'B', 'C']) fireEvent.click(within(dialog).getByRole('checkbox', { name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await within(dialog).findByText('Введите данные более 10 символов')).toBeInTheDocument();
    expect(within(dialog).getByText('Можно выбрать не более 2 вариантов')).toBeInTheDocument();
    expect(posted.some((p) => p.url.endsWith('/reflectionAnswers'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Разбор задач и примеры' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'C' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Тест' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Ответы сохранены')).toBeInTheDocument();
    expect(posted.find((p) => p.url.endsWith('/reflectionAnswers'))?.body).toEqual({
      answers: [{ questionId: 1, text: 'Разбор задач и примеры' }, { questionId: 2, optionIds: [6] }, { questionId: 3, optionIds: [7, 8] }],
    });
  });
});
