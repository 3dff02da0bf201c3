/**
 * The digital code's countdown by the server clock: the server says when the code expires and what
 * time it is there; the device's clock only measures the time since the answer arrived, so a
 * device whose clock is off still shows the right 3:00.
 */
import type { DigitalCode } from '../../../../shared/calls/attendance';

/** The local time (ms, by `receivedAt`'s clock) at which the code expires. */
export function localDeadline(issued: Pick<DigitalCode, 'expiresAt' | 'validSeconds'> & { serverNow?: string }, receivedAt: number): number {
  const expires = Date.parse(issued.expiresAt);
  const serverNow = issued.serverNow ? Date.parse(issued.serverNow) : NaN;
  // without the server's time, the validity the server granted counts from the arrival
  const validMs = Number.isFinite(expires) && Number.isFinite(serverNow) ? expires - serverNow : issued.validSeconds * 1000;
  return receivedAt + Math.max(0, Math.min(validMs, issued.validSeconds * 1000));
}

/** Whole seconds left until `deadline` (rounded up, so 3:00 shows first and 0:00 means expired). */
export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/** mm:ss */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
