import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import PlayerPage from './PlayerPage';
import type { SlideViewProps } from './types';

// the viewers area renders slides; here only what the shell hands it matters
vi.mock('./viewers', () => ({
  SlideViewer: ({ page, readOnly, onSaved }: SlideViewProps) => (
    <div data-testid="slide-viewer" data-readonly={String(readOnly)}>
      {page.slide.label}
      <button type="button" onClick={() => onSaved(page.slide.id)}>fake save</button>
    </div>
  ),
}));

/** The player shell against a stubbed server: steps, counter, time indicator, end step, load errors. */
type Handler = (url: string, init: RequestInit | undefined) => { status: number; body?: unknown } | undefined;
let handler: Handler;
const calls: { url: string; body: unknown }[] = [];
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const r = handler(String(url), init);
    return r ? json(r.status, r.body) : json(404, { ErrorCode: 'RouteNotFound', Title: 'no route' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const slides = [
  { id: 11, number: 1, label: 'Введение', type: 'content', required: false, answered: false },
  { id: 12, number: 2, label: 'Вопрос', type: 'question', required: true, answered: true },
  { id: 13, number: 3, label: 'Итог', type: 'content', required: false, answered: false },
];
const session = (over: Record<string, unknown> = {}) => ({
  sessionId: 5,
  attemptNo: 1,
  status: 'in_progress',
  readOnly: false,
  startedAt: '2026-01-01T10:00:00.000Z',
  deadlineAt: null,
  serverTime: '2026-01-01T10:00:30.000Z',
  secondsLeft: null,
  exercise: { id: 3, label: 'Проверочный тест', kind: 'presentation', exerciseType: 20, timeLimitSeconds: null, lessonId: 2 },
  slides,
  total: 3,
  ...over,
});
const slidePage = (id: number, over: Record<string, unknown> = {}) => {
  const i = slides.findIndex((s) => s.id === id);
  return {
    ...session(),
    slideId: id,
    number: i + 1,
    previous: i === 0 ? 'start' : slides[i - 1].id,
    next: i === slides.length - 1 ? 'end' : slides[i + 1].id,
    onlyForReading: false,
    slide: { id, type: slides[i].type, contentKind: 1, pageType: 1, label: slides[i].label, sequence: i, duration: null, required: false },
    content: {},
    answer: null,
    ...over,
  };
};
const lessons = [{ id: 2, number: 1, label: 'Введение', status: 'inProgress', exercises: [
  { id: 3, lessonId: 2, label: 'Проверочный тест', description: null, kind: 'presentation', exerciseType: 20, status: 1, score: null, restarts: 0, restartLimit: 3, isAvailable: true, isFavorite: false, files: [] },
  { id: 4, lessonId: 2, label: 'Закрытое', description: null, kind: 'presentation', exerciseType: 20, status: 0, score: null, restarts: 0, restartLimit: 3, isAvailable: false, isFavorite: false, files: [] },
] }];

/** Serves the lessons and the slide loads from `pages` (by the body's slideId). */
function serve(pages: Record<string, { status: number; body?: unknown }>, extra: Handler = () => undefined) {
  handler = (url, init) => {
    if (url.endsWith('/api/students/trainings/1/lessons')) return { status: 200, body: lessons };
    if (url.endsWith('/Exercises/3/Pages')) return pages[JSON.parse(String(init?.body)).slideId];
    return extra(url, init);
  };
}

const render = (step: string) =>
  renderInAdmin(
    <Routes><Route path="/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId" element={<PlayerPage />} /></Routes>,
    { path: `/my-courses/course/1/2/3/${step}` },
  );

describe('exercise player', () => {
  it('hello page: name, type, attempt, and Start into the first slide', async () => {
    serve({ start: { status: 200, body: { ...session(), slideId: 'start', next: 11, currentSlideId: null } } });
    const { router } = await render('start');
    expect(await screen.findByRole('heading', { name: 'Проверочный тест' })).toBeInTheDocument();
    expect(screen.getByText('Тест')).toBeInTheDocument();
    expect(screen.getByText('Без ограничения')).toBeInTheDocument();
    const start = screen.getByRole('link', { name: 'Начать' });
    expect(start).toHaveAttribute('href', '/my-courses/course/1/2/3/11');
    // the menu: lessons, exercises (the unavailable one disabled), the current exercise's steps with answered marks
    expect(await screen.findByText('Закрытое')).toBeInTheDocument();
    expect(screen.getAllByTestId('player-step').map((s) => s.getAttribute('data-answered'))).toEqual(['false', 'true', 'false']);
    fireEvent.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/11'));
    // the hello page only previewed; the attempt it showed already existed
    expect(calls.filter((c) => c.url.endsWith('/Pages')).map((c) => c.body)).toEqual([{ slideId: 'start', preview: true }, { slideId: '11', sessionId: 5 }]);
  });

  it('opening the hello page does not start the attempt: the full limit shows, Start starts it and opens the first slide', async () => {
    const notStarted = { ...session({ sessionId: null, status: 'not_started', startedAt: null, secondsLeft: 600, exercise: { ...session().exercise, timeLimitSeconds: 600 } }), slideId: 'start', next: 11, currentSlideId: null };
    const started = { ...session({ secondsLeft: 600, deadlineAt: '2026-01-01T10:10:00.000Z', serverTime: '2026-01-01T10:00:00.000Z' }), slideId: 'start', next: 11, currentSlideId: null };
    handler = (url, init) => {
      if (url.endsWith('/api/students/trainings/1/lessons')) return { status: 200, body: lessons };
      if (!url.endsWith('/Exercises/3/Pages')) return undefined;
      const body = JSON.parse(String(init?.body));
      if (body.slideId === 'start') return { status: 200, body: body.preview ? notStarted : started };
      return body.slideId === '11' ? { status: 200, body: slidePage(11, { secondsLeft: 598 }) } : undefined;
    };
    const { router } = await render('start');
    expect(await screen.findByTestId('hello-time-left')).toHaveTextContent('10:00');
    expect(screen.getByTestId('hello-time-limit')).toHaveTextContent('10');
    const pages = () => calls.filter((c) => c.url.endsWith('/Pages')).map((c) => c.body);
    // a while on the hello page: only the preview was asked for, and the clock stands still
    await new Promise((r) => setTimeout(r, 1200));
    expect(pages()).toEqual([{ slideId: 'start', preview: true }]);
    expect(screen.getByTestId('hello-time-left')).toHaveTextContent('10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Начать' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/11'));
    expect(pages().slice(0, 2)).toEqual([{ slideId: 'start', preview: true }, { slideId: 'start' }]);
    expect(await screen.findByTestId('slide-viewer')).toHaveTextContent('Введение');
  });

  it('Start failing shows why and stays on the hello page', async () => {
    const notStarted = { ...session({ sessionId: null, status: 'not_started', startedAt: null }), slideId: 'start', next: 11, currentSlideId: null };
    handler = (url, init) => {
      if (url.endsWith('/api/students/trainings/1/lessons')) return { status: 200, body: lessons };
      if (!url.endsWith('/Exercises/3/Pages')) return undefined;
      return JSON.parse(String(init?.body)).preview ? { status: 200, body: notStarted } : { status: 500, body: { ErrorCode: 'Internal', Title: 'x' } };
    };
    const { router } = await render('start');
    expect(screen.queryByTestId('hello-time-left')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Начать' }));
    expect(await screen.findByTestId('hello-start-error')).toHaveTextContent('Не удалось загрузить данные');
    expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/start');
  });

  it('a slide: counter, Only for reading, Previous / Continue follow the URL, elapsed time', async () => {
    serve({
      '12': { status: 200, body: slidePage(12, { onlyForReading: true }) },
      '13': { status: 200, body: slidePage(13) },
    });
    const { router } = await render('12');
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('2 / 3');
    // the page's first load starts at its top: the focus is not moved
    expect(screen.getByRole('heading', { level: 1, name: 'Вопрос' })).not.toHaveFocus();
    expect(screen.getByText('Только для чтения')).toBeInTheDocument();
    expect(screen.getByTestId('player-clock')).toHaveAttribute('data-mode', 'elapsed');
    expect(screen.getByTestId('player-clock')).toHaveTextContent('00:30');
    expect(screen.getByTestId('slide-viewer')).toHaveTextContent('Вопрос');
    expect(screen.getByTestId('slide-viewer')).toHaveAttribute('data-readonly', 'true');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/my-courses/course/1/2/3/11');
    fireEvent.click(screen.getByRole('link', { name: 'Продолжить' }));
    await waitFor(() => expect(screen.getByTestId('slide-counter')).toHaveTextContent('3 / 3'));
    // the new slide's heading has the focus (the link that had it is gone)
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Итог' })).toHaveFocus());
    expect(screen.getByTestId('slide-viewer')).toHaveAttribute('data-readonly', 'false');
    expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/13');
    // the last slide continues to the end step; the later loads carry the attempt
    expect(screen.getByRole('link', { name: 'Продолжить' })).toHaveAttribute('href', '/my-courses/course/1/2/3/end');
    expect(calls.filter((c) => c.url.endsWith('/Pages')).at(-1)?.body).toEqual({ slideId: '13', sessionId: 5 });
  });

  it('a save the viewer reports marks the slide answered in the menu and the count', async () => {
    serve({ '11': { status: 200, body: slidePage(11) } });
    await render('11');
    expect(await screen.findByTestId('answered-count')).toHaveTextContent('Отвечено: 1');
    fireEvent.click(screen.getByRole('button', { name: 'fake save' }));
    expect(screen.getByTestId('answered-count')).toHaveTextContent('Отвечено: 2');
    await waitFor(() => expect(screen.getAllByTestId('player-step')[0]).toHaveAttribute('data-answered', 'true'));
  });

  it('maximise lays the slide area over the window, minimise restores it', async () => {
    serve({ '11': { status: 200, body: slidePage(11) } });
    await render('11');
    const frame = await screen.findByTestId('player-frame');
    fireEvent.click(screen.getByRole('button', { name: 'Развернуть' }));
    expect(frame).toHaveAttribute('data-maximised', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Свернуть' }));
    expect(frame).toHaveAttribute('data-maximised', 'false');
  });

  it('a countdown that reaches zero moves to the end step', async () => {
    serve({
      '11': { status: 200, body: slidePage(11, { deadlineAt: '2026-01-01T10:00:31.000Z', secondsLeft: 1 }) },
      end: { status: 200, body: { ...session(), slideId: 'end', pendingFinish: true, unansweredSlideIds: [], previous: 13 } },
    });
    const { router } = await render('11');
    expect(await screen.findByTestId('player-clock')).toHaveAttribute('data-mode', 'countdown');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/end'), { timeout: 5000 });
  });

  it('at the end step a countdown at zero asks the server again, which closes the attempt: the results show', async () => {
    let ends = 0;
    const over = { status: 'expired', readOnly: true, secondsLeft: 0 };
    serve(
      {
        get end() {
          ends += 1;
          return ends === 1
            ? { status: 200, body: { ...session({ secondsLeft: 0, deadlineAt: '2026-01-01T10:00:30.000Z' }), slideId: 'end', pendingFinish: true, unansweredSlideIds: [], previous: 13 } }
            : { status: 200, body: { ...session(over), slideId: 'end', pendingFinish: false, unansweredSlideIds: [], previous: 13 } };
        },
      },
      (url) =>
        url.endsWith('/exercises/3/finish')
          ? { status: 200, body: { sessionId: 5, attemptNo: 1, attemptStatus: 'expired', exerciseId: 3, exerciseType: 20, startedAt: '2026-01-01T10:00:00.000Z', finishedAt: '2026-01-01T10:00:30.000Z', durationSeconds: 30, score: 0, maxScore: 1, correctCount: 0, questionsCount: 1, status: 4, statusText: 'COMPLETED', requiresReview: false, restarts: 0, restartLimit: 3, canRestart: true, showsCorrectAnswers: false, questions: [] } }
          : undefined,
    );
    await render('end');
    expect(await screen.findByText('Время, отведённое на ответ, истекло', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(ends).toBe(2);
  });

  it('end step: unanswered required slides link back; Submit answering "session not completed" lists them', async () => {
    serve(
      { end: { status: 200, body: { ...session(), slideId: 'end', pendingFinish: true, unansweredSlideIds: [], previous: 13 } } },
      (url) => (url.endsWith('/exercises/3/finish') ? { status: 400, body: { ErrorCode: 'SessionNotCompleted', Title: 'x', unansweredSlideIds: [12] } } : undefined),
    );
    await render('end');
    expect(await screen.findByText(/Все обязательные вопросы отвечены/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByText('Сессия не завершена: ответьте на обязательные вопросы')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2. Вопрос' })).toHaveAttribute('href', '/my-courses/course/1/2/3/12');
    expect(screen.getByRole('link', { name: 'К началу упражнения' })).toHaveAttribute('href', '/my-courses/course/1/2/3/start');
  });

  it('load errors: 404 and 401 texts, other failures', async () => {
    serve({ start: { status: 404, body: { ErrorCode: 'NotFound', Title: 'x' } } });
    const first = await render('start');
    expect(await screen.findByText('Курс, упражнение или сессия не найдены')).toBeInTheDocument();
    first.unmount();
    serve({ start: { status: 401, body: { ErrorCode: 'Unauthorized', Title: 'x' } } });
    const second = await render('start');
    expect(await screen.findByText('Учётная запись текущего пользователя не найдена')).toBeInTheDocument();
    second.unmount();
    serve({ start: { status: 500, body: { ErrorCode: 'Internal', Title: 'x' } } });
    await render('start');
    expect(await screen.findByText('Не удалось загрузить данные')).toBeInTheDocument();
  });

  it('a locked exercise opened by its address shows the no-access page (403.15), not the exercise', async () => {
    const locked = { status: 403, body: { ErrorCode: '15', Title: 'Нет доступа к упражнению' } };
    serve({ start: locked, '12': locked });
    for (const step of ['start', '12']) {
      const { router, unmount } = await render(step);
      const page = await screen.findByTestId('error-page');
      expect(page).toHaveTextContent('403');
      expect(page).toHaveTextContent('Нет доступа к упражнению');
      expect(screen.getByRole('link', { name: 'Вернуться к курсу' })).toHaveAttribute('href', '/my-courses/course/1');
      expect(screen.queryByTestId('player-hello')).toBeNull();
      expect(router.state.location.pathname).toBe(`/my-courses/course/1/2/3/${step}`);
      unmount();
    }
  });

  it('a slide address without an attempt: the load answers the hello page (no 404 first), Start then leads back to the slide', async () => {
    const notStarted = { ...session({ sessionId: null, status: 'not_started', startedAt: null }), slideId: 'start', next: 11, currentSlideId: null };
    const started = { ...session(), slideId: 'start', next: 11, currentSlideId: 12 };
    handler = (url, init) => {
      if (url.endsWith('/api/students/trainings/1/lessons')) return { status: 200, body: lessons };
      const body = JSON.parse(String(init?.body));
      if (body.slideId === 'start') return { status: 200, body: body.preview ? notStarted : started };
      return { status: 200, body: body.preview ? notStarted : slidePage(12) };
    };
    const { router } = await render('12');
    const start = await screen.findByRole('button', { name: 'Начать' });
    expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/start');
    expect(calls.find((c) => c.url.endsWith('/Pages'))?.body).toEqual({ slideId: '12', preview: true });
    fireEvent.click(start);
    expect(await screen.findByTestId('slide-viewer')).toHaveTextContent('Вопрос');
    expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/12');
    expect(calls.filter((c) => c.url.endsWith('/Pages')).at(-1)?.body).toEqual({ slideId: '12', sessionId: 5 });
  });

  it('after a retake the next loads name the new attempt, not the one of a step still in the cache (issue 29)', async () => {
    // attempt 5 is over (its slide read-only with its answer); the retake made attempt 6
    let retaken = false;
    const over = { sessionId: 5, attemptNo: 1, status: 'finished', readOnly: true };
    const fresh = { sessionId: 6, attemptNo: 2 };
    handler = (url, init) => {
      if (url.endsWith('/api/students/trainings/1/lessons')) return { status: 200, body: lessons };
      const body = JSON.parse(String(init?.body)) as { slideId: string; sessionId?: number };
      const current = retaken && body.sessionId !== 5 ? fresh : over;
      if (body.slideId === 'start') return { status: 200, body: { ...session(current), slideId: 'start', next: 11, currentSlideId: null } };
      return { status: 200, body: slidePage(Number(body.slideId), { ...session(current), ...(current === over ? { answer: { optionIds: [1] } } : {}) }) };
    };
    const { router } = await render('12');
    await waitFor(() => expect(screen.getByTestId('slide-viewer')).toHaveAttribute('data-readonly', 'true'));
    retaken = true;
    await router.navigate('/my-courses/course/1/2/3/start');
    expect(await screen.findByTestId('hello-attempt')).toHaveTextContent('2');
    await router.navigate('/my-courses/course/1/2/3/12');
    await waitFor(() => expect(screen.getByTestId('slide-viewer')).toHaveAttribute('data-readonly', 'false'));
    expect(calls.filter((c) => c.url.endsWith('/Pages')).at(-1)?.body).toEqual({ slideId: '12', sessionId: 6 });
  });

  it('a slide the exercise does not have goes to the hello page', async () => {
    serve({
      '99': { status: 404, body: { ErrorCode: 'NotFound', Title: 'x' } },
      start: { status: 200, body: { ...session(), slideId: 'start', next: 11, currentSlideId: 12 } },
    });
    const { router } = await render('99');
    expect(await screen.findByRole('link', { name: 'Продолжить' })).toHaveAttribute('href', '/my-courses/course/1/2/3/12');
    expect(router.state.location.pathname).toBe('/my-courses/course/1/2/3/start');
  });

  it('an external tool exercise: no slides, no Start; Open the tool shows its frame, and the score it sent shows', async () => {
    const lti = { ...session({ sessionId: null, status: 'not_started', startedAt: null, exercise: { ...session().exercise, kind: 'lti', exerciseType: 30 }, slides: [], total: 0 }), slideId: 'start', next: 'end', currentSlideId: null };
    let result: unknown = null;
    serve({ start: { status: 200, body: lti } }, (url) =>
      url.endsWith('/api/study/lti/1/3') ? { status: 200, body: { launchUrl: '/api/study/lti/1/3/launch', presentation: 'iframe', title: 'Лаборатория', result } } : undefined,
    );
    await render('start');
    const open = await screen.findByRole('button', { name: 'Открыть инструмент' });
    expect(screen.queryByTestId('hello-slides')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Начать' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Начать' })).toBeNull();
    // reading the page launches nothing: the frame comes on the click; a new window is the other way
    expect(screen.queryByTitle('Внешний инструмент: Лаборатория')).toBeNull();
    expect(screen.getByRole('link', { name: /^Открыть в новом окне\s*\(откроется в новом окне\)$/ })).toHaveAttribute('href', '/api/study/lti/1/3/launch');
    fireEvent.click(open);
    expect(screen.getByTitle('Внешний инструмент: Лаборатория')).toHaveAttribute('src', '/api/study/lti/1/3/launch');
    expect(screen.getByTestId('lti-result')).toHaveTextContent('');
    // the tool's score arrives (AGS on the server): the next look shows it
    result = { status: 'finished', score: 80, maxScore: 100 };
    fireEvent.focus(window);
    window.dispatchEvent(new Event('visibilitychange'));
    await screen.findByText('Оценка из инструмента: 80 из 100', {}, { timeout: 3000 });
  });
});
