import { useEffect, useState } from 'react';
import type { PlayerSession } from '../../../shared/calls/study/pages';

/**
 * The player's time indicator. With a deadline it counts down from the server's
 * `secondsLeft` (the server clock decides; the local clock only measures time since the
 * load), otherwise it shows the time since the attempt started, also by the server clock.
 */
export interface ClockReading {
  mode: 'countdown' | 'elapsed';
  seconds: number;
  /** the countdown reached zero */
  expired: boolean;
}

export function readClock(session: Pick<PlayerSession, 'secondsLeft' | 'startedAt' | 'serverTime'>, loadedAt: number, now: number): ClockReading {
  const passed = Math.max(0, Math.floor((now - loadedAt) / 1000));
  if (session.secondsLeft !== null) {
    const seconds = Math.max(0, session.secondsLeft - passed);
    return { mode: 'countdown', seconds, expired: seconds === 0 };
  }
  const sinceStart = Math.max(0, Math.floor((Date.parse(session.serverTime) - Date.parse(session.startedAt)) / 1000));
  return { mode: 'elapsed', seconds: sinceStart + passed, expired: false };
}

/** H:MM:SS, or MM:SS under an hour. */
export function formatClock(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** Ticks every second while `running`; `onExpired` runs once per load when a countdown reaches zero. */
export function useClock(session: Pick<PlayerSession, 'secondsLeft' | 'startedAt' | 'serverTime'>, loadedAt: number, running: boolean, onExpired: () => void): ClockReading {
  const [now, setNow] = useState(() => Date.now());
  const reading = readClock(session, loadedAt, now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  useEffect(() => {
    // once per load and expiry, not on every render (onExpired is a new function each time)
    if (running && reading.expired) onExpired();
  }, [running, reading.expired, loadedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  return reading;
}
