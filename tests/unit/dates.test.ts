import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDayMonth, formatFullMoment, formatMomentDay, formatMonth, formatTime } from '../../src/ui/dates';

// src/ui/dates.ts writes dates through Intl (src/ui/intl.ts): every format as Intl prints it for ru-RU
// and en-GB, which a Russian and an English reader expect
const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;
const moments = [
  '2027-03-05T06:05:07.000Z',
  '2026-01-01T00:00:00.000Z',
  '2026-12-31T23:59:59.000Z',
  '2025-07-19T13:45:00.000Z',
  ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2028, m, 10 + m, m * 2, m * 5, m)).toISOString()),
];
const intl = (language: keyof typeof LOCALES, options: Intl.DateTimeFormatOptions, iso: string) => new Intl.DateTimeFormat(LOCALES[language], options).format(new Date(iso));

describe('dates in the UI language, as Intl writes them', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`${language}: every format, every month`, () => {
      for (const iso of moments) {
        expect(formatDay(iso, language)).toBe(intl(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }, iso));
        expect(formatDay(iso, language, 'long')).toBe(intl(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, iso));
        expect(formatDateTime(iso, language)).toBe(intl(language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }, iso));
        expect(formatMomentDay(iso, language)).toBe(intl(language, { day: 'numeric', month: 'long', year: 'numeric' }, iso));
        expect(formatTime(iso, language)).toBe(intl(language, { hour: '2-digit', minute: '2-digit' }, iso));
        expect(formatMonth(iso, language)).toBe(intl(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }, iso));
        expect(formatDayMonth(iso, language)).toBe(intl(language, { day: 'numeric', month: 'long' }, iso));
        expect(formatFullMoment(iso, language)).toBe(intl(language, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }, iso));
      }
    });
  }

  it('reads a bare day as that UTC day, and leaves unset or broken dates empty', () => {
    expect(formatDay('2027-03-05', 'ru')).toBe('05.03.2027');
    expect(formatDay('2027-03-05', 'en', 'long')).toBe('5 March 2027');
    expect(formatDay('0001-01-01T00:00:00Z', 'ru')).toBe('');
    expect(formatDay('9999-12-31T00:00:00Z', 'ru')).toBe('');
    expect(formatDay(null, 'ru')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});
