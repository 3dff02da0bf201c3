import { describe, expect, it } from 'vitest';
import { invitationFormChecked } from '../../shared/calls/invitations';
import { dayEnd, dayProblem, readDay } from '../../shared/days';

describe('a typed day (shared/days.ts)', () => {
  it('reads DD.MM.YYYY, DD/MM/YYYY and YYYY-MM-DD', () => {
    expect(readDay('05.03.2026')).toEqual({ day: { year: 2026, month: 3, date: 5 } });
    expect(readDay('5/3/2026')).toEqual({ day: { year: 2026, month: 3, date: 5 } });
    expect(readDay('2026-03-05')).toEqual({ day: { year: 2026, month: 3, date: 5 } });
    expect(readDay(' 29.02.2028 ')).toEqual({ day: { year: 2028, month: 2, date: 29 } });
    expect(dayEnd('31.12.2030')?.toISOString()).toBe('2030-12-31T23:59:59.999Z');
  });

  it('tells a day the calendar has not from a wrong format', () => {
    for (const v of ['31.02.2026', '29.02.2027', '31/04/2026', '00.01.2026', '32.01.2026', '15.13.2026', '2026-02-30']) {
      expect(readDay(v), v).toEqual({ problem: 'noSuchDay' });
      expect(dayProblem(v), v).toBe('validation.noSuchDay');
      expect(dayEnd(v), v).toBeNull();
    }
    for (const v of ['1.1.20', '2030/01/01', 'завтра', '31-02-2026', '']) {
      expect(readDay(v), v).toEqual({ problem: 'format' });
      expect(dayProblem(v), v).toBe('validation.dayFormat');
    }
    expect(dayProblem('28.02.2026')).toBeNull();
  });

  it('the invitation form names the problem at its date', () => {
    const issue = (expiryDate: string) => invitationFormChecked.safeParse({ code: null, expiryDate }).error?.issues[0];
    expect(issue('31.02.2026')).toMatchObject({ path: ['expiryDate'], message: 'validation.noSuchDay' });
    expect(issue('2026/02/28')).toMatchObject({ path: ['expiryDate'], message: 'validation.dayFormat' });
    expect(issue('28.02.2030')).toBeUndefined();
    expect(invitationFormChecked.safeParse({ code: 'abcd', expiryDate: '' }).success).toBe(true);
    expect(invitationFormChecked.safeParse({ code: 'abcd', expiryDate: null }).success).toBe(true);
  });
});
