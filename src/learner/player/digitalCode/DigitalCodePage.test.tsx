import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../../tests/unit/support/renderInAdmin';
import { DigitalCodePage } from '.';

/** The digital code page against a stubbed server: get code, countdown, expired, get again, errors. */
type Reply = { status: number; body?: unknown };
let replies: Reply[];
const calls: string[] = [];
const json = (r: Reply) => new Response(JSON.stringify(r.body ?? null), { status: r.status, headers: { 'content-type': 'application/json' } });
const issued = (code: string, serverNow = '2020-01-01T10:00:00.000Z', seconds = 180) => ({
  status: 200,
  body: { code, serverNow, expiresAt: new Date(Date.parse(serverNow) + seconds * 1000).toISOString(), validSeconds: 180, courseId: 1, exerciseId: 7 },
});

beforeEach(() => {
  calls.length = 0;
  // the device clock is years off the server's: the countdown must not care
  // the clock moves only when a test moves it: a slow machine's real second would change the countdown
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2031-06-01T00:00:00.000Z') });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return json(replies.shift() ?? { status: 500, body: { ErrorCode: 'InternalError', Title: 'boom' } });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = () => renderInAdmin(<DigitalCodePage courseId="1" exerciseId="7" />, { lang: 'en' });

describe('digital code page', () => {
  it('gets a code, shows it big and counts down from 03:00; expired; gets a new one', async () => {
    replies = [issued('012345'), issued('654321', '2020-01-01T10:05:00.000Z')];
    await render();
    expect(screen.getByText('Get a code and show it to your instructor: the code is valid for 3 minutes.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByTestId('digital-code-value')).toHaveTextContent('012345');
    expect(calls).toEqual(['POST /api/Attendance/Student/DigitalCode/7?courseId=1']);
    expect(screen.getByRole('timer')).toHaveTextContent('The code is valid for 03:00');
    await act(async () => void vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer')).toHaveTextContent('01:59');
    await act(async () => void vi.advanceTimersByTime(120_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByTestId('digital-code-expired')).toHaveTextContent('The code has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(await screen.findByText('654321')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('03:00');
  });

  it("shows the server's 'get code error' and lets the student try again", async () => {
    replies = [{ status: 404, body: { ErrorCode: 'GetCodeError', Title: 'get code error', Description: 'get code error' } }, issued('111222')];
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByTestId('digital-code-error')).toHaveTextContent('get code error');
    expect(screen.queryByTestId('digital-code-value')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('111222')).toBeInTheDocument();
    expect(screen.queryByTestId('digital-code-error')).toBeNull();
  });

  it('a failed "get again" keeps the expired code with the error', async () => {
    replies = [issued('333444', '2020-01-01T10:00:00.000Z', 2), { status: 502 }];
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('333444')).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(await screen.findByTestId('digital-code-error')).toHaveTextContent('get code error');
    expect(screen.getByTestId('digital-code-expired')).toBeInTheDocument();
    expect(screen.getByText('333444')).toBeInTheDocument();
  });
});
