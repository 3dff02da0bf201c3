import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../tests/unit/support/cleanup';
import { ANSWERS_CHANGED } from '../../../shared/calls/analytics';
import { REFETCH_EVERY_MS, useLiveAnswers } from './useLiveAnswers';

/** The hub the hook opens: the test pushes AnswersChanged and (re)connects by hand. */
const hub = vi.hoisted(() => ({ handlers: new Map<string, (arg: unknown) => void>(), onConnected: () => {}, stopped: 0 }));
vi.mock('../../learner/realtime/hubConnection', () => ({
  openHub: (_path: string, onConnected: () => void) => {
    hub.onConnected = onConnected;
    return {
      connection: { on: (name: string, fn: (arg: unknown) => void) => hub.handlers.set(name, fn) },
      status: () => 'connected',
      subscribe: () => () => {},
      stop: async () => void hub.stopped++,
    };
  },
}));

function Probe({ courseId, refetch }: { courseId: number; refetch: () => void }) {
  useLiveAnswers(courseId, refetch);
  return null;
}

describe('useLiveAnswers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refetches on this course's signal, throttled: once at once, once more for a burst, never for another course", () => {
    const refetch = vi.fn();
    const view = render(<Probe courseId={7} refetch={refetch} />);
    const push = (id: number) => act(() => hub.handlers.get(ANSWERS_CHANGED)!(id));
    act(() => hub.onConnected()); // the first connect: the page has just loaded
    push(8);
    act(() => vi.advanceTimersByTime(REFETCH_EVERY_MS * 2));
    expect(refetch).not.toHaveBeenCalled();
    push(7);
    act(() => vi.advanceTimersByTime(0));
    expect(refetch).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) push(7);
    act(() => vi.advanceTimersByTime(REFETCH_EVERY_MS - 1));
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(refetch).toHaveBeenCalledTimes(2);
    // a reconnect refetches (signals may have been missed)
    act(() => hub.onConnected());
    act(() => vi.advanceTimersByTime(REFETCH_EVERY_MS));
    expect(refetch).toHaveBeenCalledTimes(3);
    view.unmount();
    expect(hub.stopped).toBe(1);
  });
});
