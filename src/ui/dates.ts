import { useLocaleState } from '../app';
import { dateTimeFormat } from './intl';

/**
 * Dates for people, in the UI language's format through Intl (./intl.ts: ru-RU and en-GB, never a US
 * format on a Russian page): ru 15.03.2027, en 15/03/2027, both with the 24-hour clock. Days are read
 * as the UTC calendar day the server stores them at (course dates sit at UTC day edges); date-times
 * in the browser's time zone. 0001-01-01 and 9999-12-31 mean "not set" (spec 2 §3).
 */
const UTC = { timeZone: 'UTC' } as const;
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const LONG_DAY = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit' } as const;

const FORMATS = {
  /** ru 05.03.2027, en 05/03/2027 */
  day: { ...DAY, ...UTC },
  /** ru 5 марта 2027 г., en 5 March 2027 */
  longDay: { ...LONG_DAY, ...UTC },
  dateTime: { ...DAY, ...TIME },
  momentDay: LONG_DAY,
  time: TIME,
  /** ru март 2027 г., en March 2027 */
  month: { month: 'long', year: 'numeric', ...UTC },
  dayMonth: { day: 'numeric', month: 'long' },
  /** ru 5 марта 2027 г. в 09:05:07, en 5 March 2027 at 09:05:07 */
  fullMoment: { ...LONG_DAY, ...TIME, second: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const format = (d: Date, language: string, name: keyof typeof FORMATS) => dateTimeFormat(language, FORMATS[name]).format(d);

const unset = (iso: string | null | undefined) => !iso || iso.startsWith('0001-01-01') || iso.startsWith('9999-12-31');

export function formatDay(iso: string | null | undefined, language: string, style: 'numeric' | 'long' = 'numeric'): string {
  if (unset(iso)) return '';
  const d = new Date(iso!.length === 10 ? `${iso}T00:00:00Z` : iso!);
  if (Number.isNaN(d.getTime())) return '';
  return format(d, language, style === 'long' ? 'longDay' : 'day');
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (unset(iso)) return '';
  const d = new Date(iso!);
  if (Number.isNaN(d.getTime())) return '';
  return format(d, language, 'dateTime');
}

/** An API date → the value of a date input: the UTC calendar day (YYYY-MM-DD) the server stores it at; '' when unset. */
export const inputDay = (iso: string | null | undefined) => (unset(iso) ? '' : iso!.slice(0, 10));

const formatMoment = (iso: string | null | undefined, language: string, name: keyof typeof FORMATS) => {
  if (unset(iso)) return '';
  const d = new Date(iso!);
  return Number.isNaN(d.getTime()) ? '' : format(d, language, name);
};

/** The day of a moment (a date-time, e.g. when news was published) in the browser's time zone: ru 15 марта 2027 г., en 15 March 2027. */
export const formatMomentDay = (iso: string | null | undefined, language: string) => formatMoment(iso, language, 'momentDay');

/** The time of a moment in the browser's time zone: 09:05. */
export const formatTime = (iso: string | null | undefined, language: string) => formatMoment(iso, language, 'time');

/** A month (its UTC first day), e.g. a calendar's title: ru март 2027 г., en March 2027. */
export const formatMonth = (iso: string | null | undefined, language: string) => formatMoment(iso, language, 'month');

/** The day and month of a moment in the browser's time zone (a chat's day separator): ru 15 марта, en 15 March. */
export const formatDayMonth = (iso: string | null | undefined, language: string) => formatMoment(iso, language, 'dayMonth');

/** A moment to the second in the browser's time zone (a chat message's full time). */
export const formatFullMoment = (iso: string | null | undefined, language: string) => formatMoment(iso, language, 'fullMoment');

/** The formatters in the current UI language. */
export function useDates() {
  const [language] = useLocaleState();
  return {
    day: (iso: string | null | undefined) => formatDay(iso, language),
    longDay: (iso: string | null | undefined) => formatDay(iso, language, 'long'),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language),
    momentDay: (iso: string | null | undefined) => formatMomentDay(iso, language),
    time: (iso: string | null | undefined) => formatTime(iso, language),
    month: (iso: string | null | undefined) => formatMonth(iso, language),
  };
}
