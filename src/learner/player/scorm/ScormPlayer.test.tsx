import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../../tests/unit/support/renderInAdmin';
import { ScormPlayer } from '.';
import { CHANNEL } from './protocol';
import { lessonStatusOf } from './status';

type Call = { url: string; init?: RequestInit };

const LAUNCHER = 'http://content.localhost:3000';
const launch = '/api/trainings/2/exercises/5/scorm/launch';
const commits = '/api/trainings/2/exercises/5/scorm/runtime';
let answer: { status: number; body: unknown };
let commitAnswer: Record<string, unknown>;
const calls: Call[] = [];

const runtime = (over: Record<string, unknown> = {}) => ({
  version: '1.2', title: 'Переменные', launch: 'index.html',
  launcherUrl: `${LAUNCHER}/scorm/launcher`, contentUrl: `${LAUNCHER}/scorm/package/cap.sig/index.html`,
  sessionId: 41, scoId: 'item-1', attemptStatus: 'in_progress', readOnly: false, lessonStatus: 'not attempted', score: null, maxScore: null,
  cmi: { suspend_data: 'visits=1', core: { student_id: '7', student_name: 'Иванова, Анна', lesson_location: 'p2', entry: 'resume', lesson_mode: 'normal' } },
  ...over,
});

const frame = () => screen.getByTestId('scorm-frame') as HTMLIFrameElement;
/** A message to the player as the launcher (or `from` another window/origin) sends it. */
function fromLauncher(data: Record<string, unknown>, { origin = LAUNCHER, source = frame().contentWindow as Window | null } = {}) {
  act(() => void window.dispatchEvent(new MessageEvent('message', { data: { channel: CHANNEL, ...data }, origin, source })));
}
const saves = () => calls.filter((c) => c.url === commits);

beforeEach(() => {
  calls.length = 0;
  answer = { status: 200, body: runtime() };
  commitAnswer = { saved: true, lessonStatus: 'completed', score: 90, maxScore: 100 };
  vi.stubGlobal('fetch', async (u: string, init?: RequestInit) => {
    calls.push({ url: String(u), init });
    const r = String(u) === commits ? { status: 200, body: commitAnswer } : answer;
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('ScormPlayer', () => {
  it('launches the attempt (POST) and plays the package in a sandboxed frame of the content origin', async () => {
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    expect(calls[0]).toMatchObject({ url: launch, init: { method: 'POST' } });
    expect(frame().getAttribute('src')).toBe(`${LAUNCHER}/scorm/launcher`);
    const sandbox = frame().getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin']));
    expect(sandbox.filter((f) => f.startsWith('allow-top-navigation'))).toEqual([]);
    expect(screen.getByTestId('scorm-status')).toHaveTextContent('не начат');
    expect(screen.getByRole('link', { name: 'Вернуться к курсу' })).toHaveAttribute('href', '/my-courses/course/2');
  });

  it('answers the launcher with the saved data, follows its status, saves its commits and, on leaving, what it set since', async () => {
    const view = await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    const sent = vi.spyOn(frame().contentWindow!, 'postMessage');
    fromLauncher({ type: 'ready' });
    expect(sent).toHaveBeenCalledWith(
      { channel: CHANNEL, type: 'init', version: '1.2', readOnly: false, title: 'Переменные', packageUrl: `${LAUNCHER}/scorm/package/cap.sig/index.html`, cmi: runtime().cmi },
      LAUNCHER,
    );

    fromLauncher({ type: 'state', cmi: { core: { lesson_status: 'incomplete' } } });
    expect(screen.getByTestId('scorm-status')).toHaveAttribute('data-status', 'incomplete');
    expect(screen.getByTestId('scorm-status')).toHaveTextContent('не завершён');
    expect(saves()).toHaveLength(0);

    fromLauncher({ type: 'commit', final: false, cmi: { suspend_data: 'visits=2', core: { lesson_status: 'completed' } } });
    await waitFor(() => expect(screen.getByTestId('scorm-score')).toHaveTextContent('Балл: 90 из 100'));
    expect(JSON.parse(String(saves()[0].init!.body))).toEqual({ sessionId: 41, scoId: 'item-1', cmi: { suspend_data: 'visits=2', core: { lesson_status: 'completed' } } });
    expect(saves()[0].init!.keepalive).toBeUndefined();

    fromLauncher({ type: 'state', cmi: { suspend_data: 'visits=3', core: { lesson_status: 'completed', exit: 'suspend' } } });
    view.unmount();
    const last = saves().at(-1)!;
    expect(last.init?.keepalive).toBe(true);
    // leaving ends the SCO's session as Next does: the final commit (1.2: no status is completed on the server)
    expect(JSON.parse(String(last.init!.body))).toMatchObject({ sessionId: 41, final: true, cmi: { suspend_data: 'visits=3' } });
    expect(saves()).toHaveLength(2);
  });

  it('leaving ends the SCO: the launcher is told to terminate and the final commit goes keepalive, once', async () => {
    const view = await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    const sent = vi.spyOn(frame().contentWindow!, 'postMessage');
    fromLauncher({ type: 'ready' });
    // the package called LMSInitialize and set nothing
    fromLauncher({ type: 'state', cmi: runtime().cmi });
    const launcherWindow = frame().contentWindow;
    view.unmount();
    expect(sent).toHaveBeenCalledWith({ channel: CHANNEL, type: 'terminate' }, LAUNCHER);
    expect(saves()).toHaveLength(1);
    expect(saves()[0].init?.keepalive).toBe(true);
    expect(JSON.parse(String(saves()[0].init!.body))).toEqual({ sessionId: 41, scoId: 'item-1', final: true, cmi: runtime().cmi });
    // the package's own LMSFinish from its unload handler still arrives: saved too
    fromLauncher({ type: 'commit', final: true, cmi: { core: { lesson_status: 'completed' } } }, { source: launcherWindow });
    expect(saves()).toHaveLength(2);
  });

  it('leaving while a commit waits: the final commit carries the newest data and nothing older follows it', async () => {
    const view = await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    fromLauncher({ type: 'ready' });
    for (const n of [1, 2, 3]) fromLauncher({ type: 'commit', final: false, cmi: { suspend_data: `n=${n}` } });
    view.unmount();
    await new Promise((ok) => setTimeout(ok, 20));
    expect(saves().map((c) => [JSON.parse(String(c.init!.body)).cmi.suspend_data, JSON.parse(String(c.init!.body)).final ?? false])).toEqual([['n=1', false], ['n=3', true]]);
  });

  it('closing the tab (pagehide) ends the SCO with a final keepalive commit; a package that never started is not ended', async () => {
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    fromLauncher({ type: 'ready' });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves()).toHaveLength(0);
    fromLauncher({ type: 'state', cmi: { core: { lesson_location: 'p9' } } });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves()).toHaveLength(1);
    expect(saves()[0].init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(saves()[0].init!.body))).toMatchObject({ final: true, cmi: { core: { lesson_location: 'p9' } } });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves()).toHaveLength(1);
  });

  it('shows a result only as the server judged it, not as the package reported it', async () => {
    commitAnswer = { saved: true, lessonStatus: 'failed', score: 40, maxScore: 100 };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    fromLauncher({ type: 'ready' });
    // "passed" at 40 points: the package's word, below the mastery score
    fromLauncher({ type: 'state', cmi: { core: { lesson_status: 'passed', score: { raw: '40' } } } });
    expect(screen.getByTestId('scorm-status')).toHaveAttribute('data-status', 'not attempted');
    fromLauncher({ type: 'commit', final: false, cmi: { core: { lesson_status: 'passed', score: { raw: '40' } } } });
    await waitFor(() => expect(screen.getByTestId('scorm-status')).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByTestId('scorm-score')).toHaveTextContent('Балл: 40 из 100');
  });

  it('ignores messages from another origin or another window', async () => {
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    const sent = vi.spyOn(frame().contentWindow!, 'postMessage');
    const commit = { type: 'commit', final: true, cmi: { core: { lesson_status: 'passed' } } };
    fromLauncher({ type: 'ready' }, { origin: 'http://evil.example' });
    fromLauncher(commit, { origin: 'http://evil.example' });
    fromLauncher({ type: 'ready' }, { source: window });
    fromLauncher(commit, { source: window });
    fromLauncher({ type: 'commit', cmi: 'passed' });
    await new Promise((ok) => setTimeout(ok, 20));
    expect(sent).not.toHaveBeenCalled();
    expect(saves()).toHaveLength(0);
    expect(screen.getByTestId('scorm-status')).toHaveAttribute('data-status', 'not attempted');
  });

  it('saves commits one at a time, the newest waiting', async () => {
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    for (const n of [1, 2, 3]) fromLauncher({ type: 'commit', final: false, cmi: { suspend_data: `n=${n}` } });
    await waitFor(() => expect(saves()).toHaveLength(2));
    await new Promise((ok) => setTimeout(ok, 20));
    expect(saves().map((c) => JSON.parse(String(c.init!.body)).cmi.suspend_data)).toEqual(['n=1', 'n=3']);
  });

  it('a package of several SCOs: the outline and Next end the SCO (its final commit saved), then launch the next one', async () => {
    const sco = (id: string) => ({ id, title: `Часть ${id}`, href: `${id}.html`, asset: false, visible: true, children: [] });
    const states = { a: { completion: 'incomplete', success: 'unknown', measure: null, attempts: 1 } };
    answer = { status: 200, body: runtime({ scoId: 'a', organisation: { root: { id: 'org', title: 'Курс', href: null, asset: false, visible: true, children: [sco('a'), sco('b')] } }, states }) };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    // the outline waits behind its button, above the frame: the package keeps the width
    const toggle = screen.getByTestId('scorm-outline-open');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('scorm-outline')).not.toBeVisible();
    act(() => toggle.click());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('scorm-outline')).toBeVisible();
    expect(screen.getByTestId('scorm-outline').compareDocumentPosition(frame()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('scorm-item-a')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('scorm-item-a')).toHaveTextContent('не завершён');
    expect(screen.getByTestId('scorm-previous')).toBeDisabled();
    const sent = vi.spyOn(frame().contentWindow!, 'postMessage');
    fromLauncher({ type: 'ready' });
    act(() => screen.getByTestId('scorm-next').click());
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ channel: CHANNEL, type: 'terminate' }, LAUNCHER));
    // the launcher ends the package's session: its final commit, then 'terminated'
    fromLauncher({ type: 'commit', final: true, cmi: { core: { lesson_status: 'completed' } } });
    fromLauncher({ type: 'terminated' });
    await waitFor(() => expect(calls.filter((c) => c.url === launch)).toHaveLength(2));
    expect(saves()).toHaveLength(1);
    expect(calls.indexOf(saves()[0])).toBeLessThan(calls.lastIndexOf(calls.filter((c) => c.url === launch)[1]));
    expect(JSON.parse(String(calls.filter((c) => c.url === launch)[1].init!.body))).toEqual({ scoId: 'b' });
  });

  const sco = (id: string, more: Record<string, unknown> = {}) => ({ id, title: `Часть ${id}`, href: `${id}.html`, asset: false, visible: true, children: [], ...more });
  const launches = () => calls.filter((c) => c.url === launch);
  const twoScos = (version: string, b: Record<string, unknown> = {}, states: Record<string, unknown> = {}) =>
    runtime({ version, scoId: 'b', organisation: { root: { id: 'org', title: 'Курс', href: null, asset: false, visible: true, children: [sco('a'), sco('b', b)], ...(version === '2004' ? { seq: { flow: true } } : {}) } }, states });

  it('the last SCO offers Finish instead of a disabled Next; it ends the SCO and the package', async () => {
    answer = { status: 200, body: twoScos('1.2') };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    expect(screen.queryByTestId('scorm-next')).toBeNull();
    const sent = vi.spyOn(frame().contentWindow!, 'postMessage');
    fromLauncher({ type: 'ready' });
    act(() => screen.getByRole('button', { name: 'Завершить' }).click());
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ channel: CHANNEL, type: 'terminate' }, LAUNCHER));
    fromLauncher({ type: 'commit', final: true, cmi: { core: { lesson_status: 'completed' } } });
    fromLauncher({ type: 'terminated' });
    expect(await screen.findByTestId('scorm-ended')).toHaveTextContent('Вы дошли до конца урока.');
    expect(saves().map((c) => JSON.parse(String(c.init!.body)).final)).toEqual([true]);
  });

  it('a SCO before the last whose Next is held back keeps a disabled Next, not Finish', async () => {
    const disabled = { pre: [{ action: 'disabled', combination: 'all', conditions: [{ condition: 'always', not: false }] }] };
    answer = { status: 200, body: { ...twoScos('2004', { seq: disabled }), scoId: 'a' } };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    expect(screen.getByTestId('scorm-next')).toBeDisabled();
    expect(screen.queryByTestId('scorm-finish')).toBeNull();
  });

  it('Finish runs the last SCO\'s post-condition rules: a remediation package retries its test', async () => {
    const retry = { post: [{ action: 'retry', combination: 'all', conditions: [{ condition: 'satisfied', not: true }] }] };
    answer = { status: 200, body: twoScos('2004', { seq: retry }, { b: { completion: 'completed', success: 'failed', measure: 0.3, attempts: 1 } }) };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    fromLauncher({ type: 'ready' });
    act(() => screen.getByTestId('scorm-finish').click());
    fromLauncher({ type: 'terminated' });
    await waitFor(() => expect(launches()).toHaveLength(2));
    expect(JSON.parse(String(launches()[1].init!.body))).toEqual({ scoId: 'b', fresh: true });
  });

  it('a package that ends its session with nowhere to go leaves a notice and the outline, not a blank frame', async () => {
    answer = { status: 200, body: twoScos('2004', {}, {}) };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    fromLauncher({ type: 'ready' });
    fromLauncher({ type: 'commit', final: true, cmi: { completion_status: 'completed' } });
    expect(await screen.findByTestId('scorm-over')).toHaveTextContent('Эта часть урока завершена');
    expect(screen.getByTestId('scorm-outline')).toBeVisible();
    expect(launches()).toHaveLength(1);
  });

  it('a jump request of the package launches its target as a jump', async () => {
    answer = { status: 200, body: twoScos('2004', {}, {}) };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    fromLauncher({ type: 'ready' });
    fromLauncher({ type: 'commit', final: true, cmi: { completion_status: 'completed' }, nav: '{target=a}jump' });
    await waitFor(() => expect(launches()).toHaveLength(2));
    expect(JSON.parse(String(launches()[1].init!.body))).toEqual({ scoId: 'a', jump: true });
  });

  it('the outline: an invisible wrapper hides itself, not its children', async () => {
    const wrapper = { id: 'w', title: 'Обёртка', href: null, asset: false, visible: false, children: [sco('a'), sco('b')] };
    answer = { status: 200, body: runtime({ scoId: 'a', organisation: { root: { id: 'org', title: 'Курс', href: null, asset: false, visible: true, children: [wrapper] } }, states: {} }) };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    expect(screen.queryByTestId('scorm-item-w')).toBeNull();
    expect(screen.getByTestId('scorm-item-a')).toBeInTheDocument();
    expect(screen.getByTestId('scorm-item-b')).toBeInTheDocument();
  });

  it('an attempt that is over plays for review and sends nothing', async () => {
    answer = { status: 200, body: runtime({ readOnly: true, attemptStatus: 'expired', lessonStatus: 'completed', score: 90, maxScore: 100 }) };
    const view = await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    expect(screen.getByText(/изменения не сохраняются/)).toBeInTheDocument();
    expect(screen.getByTestId('scorm-score')).toHaveTextContent('Балл: 90 из 100');
    const sent = vi.spyOn(frame().contentWindow!, 'postMessage');
    fromLauncher({ type: 'ready' });
    expect(sent.mock.calls[0][0]).toMatchObject({ type: 'init', readOnly: true });
    fromLauncher({ type: 'commit', final: true, cmi: { core: { lesson_status: 'passed' } } });
    view.unmount();
    expect(saves()).toHaveLength(0);
  });

  it.each([
    [404, { ErrorCode: 'NotFound', Title: 'x' }, 'SCORM-пакет упражнения не найден'],
    [400, { ErrorCode: '16', Title: 'x' }, 'Активная сессия не найдена'],
    [500, { ErrorCode: 'Internal', Title: 'На сервере произошла ошибка' }, 'На сервере произошла ошибка'],
  ])('a launch answered %i shows its text and Retry', async (status, body, text) => {
    answer = { status, body };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(screen.queryByTestId('scorm-frame')).toBeNull();
  });
});

describe('full screen', () => {
  it('puts the status line and the package frame in full screen, and back', async () => {
    const request = vi.fn(async function (this: Element) {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: this });
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    const exit = vi.fn(async () => {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    HTMLElement.prototype.requestFullscreen = request;
    document.exitFullscreen = exit;
    try {
      await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
      await screen.findByTestId('scorm-frame');
      expect(frame().getAttribute('allow')).toBe('fullscreen');
      act(() => screen.getByRole('button', { name: 'На весь экран' }).click());
      await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
      const stage = request.mock.contexts[0] as Element;
      expect(stage).toBe(screen.getByTestId('scorm-stage'));
      expect(stage.contains(frame())).toBe(true);
      act(() => screen.getByRole('button', { name: 'Выйти из полноэкранного режима' }).click());
      await waitFor(() => expect(exit).toHaveBeenCalledTimes(1));
      expect(await screen.findByRole('button', { name: 'На весь экран' })).toBeInTheDocument();
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
      delete (document as Partial<Document>).exitFullscreen;
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    }
  });
});

describe('lessonStatusOf', () => {
  it('reads 1.2 lesson_status and 2004 success before completion', () => {
    expect(lessonStatusOf('1.2', { lessonStatus: 'passed' })).toBe('passed');
    expect(lessonStatusOf('1.2', { lessonStatus: '' })).toBe('not attempted');
    expect(lessonStatusOf('2004', { completionStatus: 'completed', successStatus: 'failed' })).toBe('failed');
    expect(lessonStatusOf('2004', { completionStatus: 'completed', successStatus: 'unknown' })).toBe('completed');
    expect(lessonStatusOf('2004', { completionStatus: 'unknown', successStatus: 'unknown' })).toBe('unknown');
  });
});
