import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '../../shared/calls/account';
import { TOO_LONG_AFTER_MS, useAccountSync, WAITING_AFTER_MS } from '../../src/learner/sync/useAccountSync';
import './support/cleanup';

describe('account sync (/sync)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes default → waiting → too long while the check does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { result } = renderHook(() => useAccountSync(() => undefined));
    expect(result.current.state).toBe('default');
    await act(async () => vi.advanceTimersByTime(WAITING_AFTER_MS));
    expect(result.current.state).toBe('waiting');
    await act(async () => vi.advanceTimersByTime(TOO_LONG_AFTER_MS - WAITING_AFTER_MS));
    expect(result.current.state).toBe('tooLong');
  });

  it('calls CheckExistAccount and reports success', async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json({ exists: true, accountId: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const synced = vi.fn();
    renderHook(() => useAccountSync(synced));
    await act(async () => undefined);
    expect(fetchMock.mock.calls[0][0]).toBe(accountCalls.checkExist.path);
    expect(synced).toHaveBeenCalledOnce();
  });

  it('offers a retry after a failure, and the retry calls again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 500 }))
      .mockResolvedValueOnce(Response.json({ exists: true }));
    vi.stubGlobal('fetch', fetchMock);
    const synced = vi.fn();
    const { result } = renderHook(() => useAccountSync(synced));
    await act(async () => undefined);
    expect(result.current.state).toBe('tooLong');
    await act(async () => result.current.retry());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(synced).toHaveBeenCalledOnce();
  });

  it('calls nothing while not enabled (a guest has no account to synchronise)', async () => {
    const fetchMock = vi.fn(async () => Response.json({ exists: true }));
    vi.stubGlobal('fetch', fetchMock);
    const synced = vi.fn();
    const { result } = renderHook(() => useAccountSync(synced, false));
    await act(async () => vi.advanceTimersByTime(TOO_LONG_AFTER_MS));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(synced).not.toHaveBeenCalled();
    expect(result.current.state).toBe('default');
  });
});
