import { describe, expect, it } from 'vitest';
import { formatCountdown, localDeadline, secondsLeft } from './countdown';

describe('digital code countdown', () => {
  const issued = { code: '012345', serverNow: '2020-01-01T10:00:00.000Z', expiresAt: '2020-01-01T10:03:00.000Z', validSeconds: 180 };

  it('counts the server-granted validity from the arrival, whatever the device clock says', () => {
    const receivedAt = Date.parse('2031-06-01T00:00:00.000Z');
    const deadline = localDeadline(issued, receivedAt);
    expect(secondsLeft(deadline, receivedAt)).toBe(180);
    expect(secondsLeft(deadline, receivedAt + 59_500)).toBe(121);
    expect(secondsLeft(deadline, receivedAt + 180_000)).toBe(0);
    expect(secondsLeft(deadline, receivedAt + 500_000)).toBe(0);
  });

  it('a code that is partly used up on arrival shows what is left; never more than the validity', () => {
    expect(secondsLeft(localDeadline({ ...issued, serverNow: '2020-01-01T10:02:00.000Z' }, 0), 0)).toBe(60);
    expect(secondsLeft(localDeadline({ ...issued, serverNow: '2020-01-01T09:00:00.000Z' }, 0), 0)).toBe(180);
    expect(secondsLeft(localDeadline({ ...issued, serverNow: undefined }, 0), 0)).toBe(180);
  });

  it('formats mm:ss', () => {
    expect(formatCountdown(180)).toBe('03:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
