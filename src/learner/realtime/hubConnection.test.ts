import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openHub, RECONNECT_MS, START_RETRY_MS, type HubStatus } from './hubConnection';

/** A stand-in for the SignalR connection: start fails `failures` times, then succeeds. */
function fakeConnection(failures: number) {
  const handlers: { reconnecting?: () => void; reconnected?: () => void; close?: () => void } = {};
  const fake = {
    state: HubConnectionState.Disconnected as HubConnectionState,
    start: vi.fn(async () => {
      if (failures-- > 0) throw new Error('down');
      fake.state = HubConnectionState.Connected;
    }),
    stop: vi.fn(async () => {
      fake.state = HubConnectionState.Disconnected;
    }),
    onreconnecting: (f: () => void) => (handlers.reconnecting = f),
    onreconnected: (f: () => void) => (handlers.reconnected = f),
    onclose: (f: () => void) => (handlers.close = f),
  };
  return { fake, handlers, build: () => fake as unknown as HubConnection };
}

afterEach(() => vi.useRealTimers());

describe('hub connection (spec 3 §9 retries)', () => {
  it('retries a failed start every 5 s, then reports connected and calls onConnected', async () => {
    vi.useFakeTimers();
    const { fake, build } = fakeConnection(2);
    const onConnected = vi.fn();
    const hub = openHub('/hubs/x', onConnected, build);
    const seen: HubStatus[] = [];
    hub.subscribe((s) => seen.push(s));
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.status()).toBe('lost');
    await vi.advanceTimersByTimeAsync(START_RETRY_MS - 1);
    expect(fake.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * START_RETRY_MS);
    expect(fake.start).toHaveBeenCalledTimes(3);
    expect(seen).toEqual(['lost', 'connected']);
    expect(onConnected).toHaveBeenCalledTimes(1);
    await hub.stop();
    expect(fake.stop).toHaveBeenCalled();
  });

  it('a drop is lost until the reconnect, which flushes again; a server close restarts after 10 s', async () => {
    vi.useFakeTimers();
    const { fake, handlers, build } = fakeConnection(0);
    const onConnected = vi.fn();
    const hub = openHub('/hubs/x', onConnected, build);
    await vi.advanceTimersByTimeAsync(0);
    handlers.reconnecting!();
    expect(hub.status()).toBe('lost');
    handlers.reconnected!();
    expect(hub.status()).toBe('connected');
    expect(onConnected).toHaveBeenCalledTimes(2);
    fake.state = HubConnectionState.Disconnected;
    handlers.close!();
    await vi.advanceTimersByTimeAsync(RECONNECT_MS);
    expect(fake.start).toHaveBeenCalledTimes(2);
    expect(onConnected).toHaveBeenCalledTimes(3);
    await hub.stop();
  });

  it('the browser going offline is lost at once; back online on a live socket is connected and flushes', async () => {
    vi.useFakeTimers();
    const { build } = fakeConnection(0);
    const onConnected = vi.fn();
    const hub = openHub('/hubs/x', onConnected, build);
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('offline'));
    expect(hub.status()).toBe('lost');
    window.dispatchEvent(new Event('online'));
    expect(hub.status()).toBe('connected');
    expect(onConnected).toHaveBeenCalledTimes(2);
    await hub.stop();
    window.dispatchEvent(new Event('offline'));
    expect(hub.status()).toBe('connected');
  });
});
