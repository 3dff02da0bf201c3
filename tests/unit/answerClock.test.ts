import { describe, expect, it } from 'vitest';
import { answerClockClaim, answeredAtByServer } from '../../server/modules/study/answerClock';
import { MAX_OFFLINE_MS } from '../../shared/http/answerClock';

// the server's clock decides when an answer made without a connection was made (issue 31)
describe('answeredAtByServer', () => {
  const received = new Date('2026-05-01T10:30:00Z');

  it('takes the last server contact plus the offset the device measured', () => {
    const at = answeredAtByServer(received, { serverDate: new Date('2026-05-01T10:00:00Z'), elapsedMs: 90_000, deviceTime: new Date('2030-01-01T00:00:00Z') });
    expect(at.toISOString()).toBe('2026-05-01T10:01:30.000Z');
  });

  it('never believes an answer made after it arrived', () => {
    const at = answeredAtByServer(received, { serverDate: new Date('2026-05-01T10:29:00Z'), elapsedMs: 5 * 60_000 });
    expect(at).toEqual(received);
  });

  it('never reaches back further than the bound', () => {
    const at = answeredAtByServer(received, { serverDate: new Date('2026-05-01T08:00:00Z'), elapsedMs: 0 }, 10 * 60_000);
    expect(at.toISOString()).toBe('2026-05-01T10:20:00.000Z');
    expect(answeredAtByServer(received, { serverDate: new Date(0), elapsedMs: 0 }).getTime()).toBe(received.getTime() - MAX_OFFLINE_MS);
  });

  it('falls back to the device time, bounded the same way, without a server contact', () => {
    expect(answeredAtByServer(received, { deviceTime: new Date('2026-05-01T10:25:00Z') }).toISOString()).toBe('2026-05-01T10:25:00.000Z');
    expect(answeredAtByServer(received, { deviceTime: new Date('2031-01-01T00:00:00Z') })).toEqual(received);
    expect(answeredAtByServer(received, { serverDate: new Date('nonsense'), elapsedMs: 1 })).toEqual(received);
  });

  it('reads the claim from the headers and leaves out malformed parts', () => {
    expect(answerClockClaim({})).toBeNull();
    const claim = answerClockClaim({ 'x-elp-server-date': 'Fri, 01 May 2026 10:00:00 GMT', 'x-elp-elapsed-ms': '-5' });
    expect(claim?.serverDate?.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(claim?.elapsedMs).toBeNull();
    expect(answeredAtByServer(received, claim!)).toEqual(received);
  });
});
