import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../../tests/unit/support/renderInAdmin';
import { ScormPlayer } from '.';
import { lessonStatusOf } from './status';

type Api12 = { LMSInitialize(p: string): string; LMSGetValue(e: string): string; LMSSetValue(e: string, v: string): string };
type Call = { url: string; init?: RequestInit };

const url = '/api/trainings/2/exercises/5/scorm/runtime';
let answer: { status: number; body: unknown };
const calls: Call[] = [];

const runtime = (over: Record<string, unknown> = {}) => ({
  version: '1.2', title: 'Переменные', launch: 'index.html', contentUrl: '/api/trainings/2/exercises/5/scorm/content/index.html',
  sessionId: 41, scoId: 'item-1', attemptStatus: 'in_progress', readOnly: false, lessonStatus: 'not attempted', score: null, maxScore: null,
  cmi: { suspend_data: 'visits=1', core: { student_id: '7', student_name: 'Иванова, Анна', lesson_location: 'p2', entry: 'resume', lesson_mode: 'normal' } },
  ...over,
});

const api = () => (window as unknown as { API?: Api12 }).API;

beforeEach(() => {
  calls.length = 0;
  answer = { status: 200, body: runtime() };
  vi.stubGlobal('fetch', async (u: string, init?: RequestInit) => {
    calls.push({ url: String(u), init });
    const r = init?.method === 'POST' ? { status: 200, body: { saved: true } } : answer;
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as { API?: unknown }).API;
});

describe('ScormPlayer', () => {
  it('puts the runtime with the saved data on the window before the package loads, and follows its status', async () => {
    const view = await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    const frame = await screen.findByTestId('scorm-frame');
    expect(frame.getAttribute('src')).toBe('/api/trainings/2/exercises/5/scorm/content/index.html');
    expect(screen.getByTestId('scorm-status')).toHaveTextContent('не начат');
    expect(calls[0].url).toBe(url);
    const lms = api()!;
    expect(lms.LMSInitialize('')).toBe('true');
    expect(lms.LMSGetValue('cmi.core.lesson_location')).toBe('p2');
    expect(lms.LMSGetValue('cmi.suspend_data')).toBe('visits=1');
    expect(lms.LMSGetValue('cmi.core.student_name')).toBe('Иванова, Анна');
    act(() => void lms.LMSSetValue('cmi.core.lesson_status', 'incomplete'));
    await waitFor(() => expect(screen.getByTestId('scorm-status')).toHaveAttribute('data-status', 'incomplete'));
    expect(screen.getByTestId('scorm-status')).toHaveTextContent('не завершён');
    expect(screen.getByRole('link', { name: 'Вернуться к курсу' })).toHaveAttribute('href', '/my-courses/course/2');

    // leaving the player sends what the package set, with keepalive, and takes the API off the window
    view.unmount();
    const sent = calls.find((c) => c.init?.method === 'POST');
    expect(sent?.init?.keepalive).toBe(true);
    expect(JSON.parse(String(sent!.init!.body))).toMatchObject({ sessionId: 41, scoId: 'item-1', cmi: { suspend_data: 'visits=1', core: { lesson_status: 'incomplete', lesson_location: 'p2' } } });
    expect(api()).toBeUndefined();
  });

  it('an attempt that is over plays for review and sends nothing', async () => {
    answer = { status: 200, body: runtime({ readOnly: true, attemptStatus: 'expired', lessonStatus: 'completed', score: 90, maxScore: 100 }) };
    const view = await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    await screen.findByTestId('scorm-frame');
    expect(screen.getByText(/изменения не сохраняются/)).toBeInTheDocument();
    expect(screen.getByTestId('scorm-score')).toHaveTextContent('Балл: 90 из 100');
    api()!.LMSInitialize('');
    view.unmount();
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it.each([
    [404, { ErrorCode: 'NotFound', Title: 'x' }, 'SCORM-пакет упражнения не найден'],
    [400, { ErrorCode: '16', Title: 'x' }, 'Активная сессия не найдена'],
    [500, { ErrorCode: 'Internal', Title: 'На сервере произошла ошибка' }, 'На сервере произошла ошибка'],
  ])('a load answered %i shows its text and Retry', async (status, body, text) => {
    answer = { status, body };
    await renderInAdmin(<ScormPlayer courseId="2" exerciseId="5" />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(screen.queryByTestId('scorm-frame')).toBeNull();
    expect(api()).toBeUndefined();
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
