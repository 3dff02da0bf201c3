import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingQueue } from './pendingQueue';
import { PENDING_STATS_KEY, statsSender, type WatchStat } from './statsHub';

const stat = (start: number): WatchStat => ({ courseId: 1, exerciseId: 2, slideId: 3, sessionId: 4, start, end: start + 9 });
const stored = () => JSON.parse(localStorage.getItem(PENDING_STATS_KEY) ?? '[]') as WatchStat[];

afterEach(() => localStorage.clear());

describe('stats sender (spec 3 §8.11)', () => {
  it('sends SaveStats with the six values and forgets the segment once acknowledged', async () => {
    const invoke = vi.fn().mockResolvedValue(true);
    const sender = statsSender(invoke, () => true, pendingQueue(PENDING_STATS_KEY));
    sender.save(stat(0));
    await sender.flush();
    expect(invoke).toHaveBeenCalledWith('SaveStats', 1, 2, 3, 4, 0, 9);
    expect(stored()).toEqual([]);
  });

  it('keeps segments in localStorage while offline and sends them in order once connected', async () => {
    let connected = false;
    const invoke = vi.fn().mockResolvedValue(true);
    const sender = statsSender(invoke, () => connected, pendingQueue(PENDING_STATS_KEY));
    sender.save(stat(0));
    sender.save(stat(9));
    await sender.flush();
    expect(invoke).not.toHaveBeenCalled();
    expect(stored().map((s) => s.start)).toEqual([0, 9]);
    connected = true;
    await sender.flush();
    expect(invoke.mock.calls.map((c) => c[5])).toEqual([0, 9]);
    expect(stored()).toEqual([]);
  });

  it('a send that fails with the connection keeps the item first and stops', async () => {
    let connected = true;
    const invoke = vi.fn().mockImplementationOnce(async () => {
      connected = false;
      throw new Error('Invocation canceled due to the underlying connection being closed.');
    }).mockResolvedValue(true);
    const sender = statsSender(invoke, () => connected, pendingQueue(PENDING_STATS_KEY));
    sender.save(stat(0));
    sender.save(stat(9));
    await sender.flush();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(stored().map((s) => s.start)).toEqual([0, 9]);
    connected = true;
    await sender.flush();
    expect(invoke.mock.calls.map((c) => c[5])).toEqual([0, 0, 9]);
    expect(stored()).toEqual([]);
  });

  it('a segment the server refuses on a live connection is let go, the rest still go out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const invoke = vi.fn().mockRejectedValueOnce(new Error('Invalid segment')).mockResolvedValue(true);
    const sender = statsSender(invoke, () => true, pendingQueue(PENDING_STATS_KEY));
    sender.save(stat(0));
    sender.save(stat(9));
    await sender.flush();
    expect(invoke.mock.calls.map((c) => c[5])).toEqual([0, 9]);
    expect(stored()).toEqual([]);
  });

  it('survives a reload: a new sender finds what the old one kept', async () => {
    const offline = statsSender(vi.fn(), () => false, pendingQueue(PENDING_STATS_KEY));
    offline.save(stat(18));
    const invoke = vi.fn().mockResolvedValue(true);
    await statsSender(invoke, () => true, pendingQueue(PENDING_STATS_KEY)).flush();
    expect(invoke).toHaveBeenCalledWith('SaveStats', 1, 2, 3, 4, 18, 27);
  });
});

describe('pending queue', () => {
  it('keeps the newest items past its limit and ignores a broken stored value', () => {
    const q = pendingQueue<number>('k', 3);
    [1, 2, 3, 4].forEach((n) => q.push(n));
    expect(q.peek()).toBe(2);
    expect(q.size()).toBe(3);
    localStorage.setItem('k', '{oops');
    expect(q.size()).toBe(0);
  });
});

describe('shared stats connection', () => {
  it('outlives its last video by a while, and the next video reuses it', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const stop = vi.fn(async () => {});
    const openHub = vi.fn(() => ({ connection: { state: 'Disconnected', invoke: vi.fn() }, status: () => 'connecting', subscribe: () => () => {}, stop }));
    vi.doMock('./hubConnection', () => ({ openHub }));
    const { acquireStatsHub, LINGER_MS } = await import('./statsHub');
    const first = acquireStatsHub();
    first.release();
    await vi.advanceTimersByTimeAsync(LINGER_MS - 1);
    const second = acquireStatsHub();
    expect(second.hub).toBe(first.hub);
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(stop).not.toHaveBeenCalled();
    second.release();
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(acquireStatsHub().hub).not.toBe(first.hub);
    expect(openHub).toHaveBeenCalledTimes(2);
    vi.doUnmock('./hubConnection');
    vi.useRealTimers();
  });

  it('segments left from an earlier visit open the connection for a flush; nothing left, no connection', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const stop = vi.fn(async () => {});
    const openHub = vi.fn(() => ({ connection: { state: 'Disconnected', invoke: vi.fn() }, status: () => 'connecting', subscribe: () => () => {}, stop }));
    vi.doMock('./hubConnection', () => ({ openHub }));
    const { sendLeftoverStats, LINGER_MS } = await import('./statsHub');
    sendLeftoverStats();
    expect(openHub).not.toHaveBeenCalled();
    localStorage.setItem(PENDING_STATS_KEY, JSON.stringify([stat(0)]));
    sendLeftoverStats();
    expect(openHub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(stop).toHaveBeenCalledTimes(1);
    vi.doUnmock('./hubConnection');
    vi.useRealTimers();
  });
});
