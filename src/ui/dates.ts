import { useLocaleState } from '../app';

/**
 * Dates for people, in the UI language's format (Intl; never a US format on a Russian page):
 * ru 15.03.2027, en 15/03/2027. Days are read as the UTC calendar day the server stores them
 * at (course dates sit at UTC day edges); date-times in the browser's time zone.
 * 0001-01-01 and 9999-12-31 mean "not set" (spec 2 §3).
 */
export type UiLanguage = 'ru' | 'en';

const intlLocale = (language: string) => (language === 'en' ? 'en-GB' : 'ru-RU');

const FORMATS = {
  day: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
  longDay: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  momentDay: { day: 'numeric', month: 'long', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'long' },
  fullMoment: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Making an Intl.DateTimeFormat costs far more than using one (a list of courses formats dozens
// of dates while a phone renders it): one per language and format, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${language}:${format}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(language), FORMATS[format])));
  return f;
}

/**
 * The first Intl formatter a page makes loads the browser's locale data (~15 ms of a desktop's CPU,
 * four times that on a phone), inside the render that first shows a date. Made while the app
 * waits for its texts and account instead, it is a task of its own in an otherwise idle moment.
 */
export function warmUpDates(language: string): void {
  formatter(language, 'longDay');
}

const unset = (iso: string | null | undefined) => !iso || iso.startsWith('0001-01-01') || iso.startsWith('9999-12-31');

export function formatDay(iso: string | null | undefined, language: string, style: 'numeric' | 'long' = 'numeric'): string {
  if (unset(iso)) return '';
  const d = new Date(iso!.length === 10 ? `${iso}T00:00:00Z` : iso!);
  if (Number.isNaN(d.getTime())) return '';
  return formatter(language, style === 'long' ? 'longDay' : 'day').format(d);
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (unset(iso)) return '';
  const d = new Date(iso!);
  if (Number.isNaN(d.getTime())) return '';
  return formatter(language, 'dateTime').format(d);
}

/** An API date → the value of a date input: the UTC calendar day (YYYY-MM-DD) the server stores it at; '' when unset. */
export const inputDay = (iso: string | null | undefined) => (unset(iso) ? '' : iso!.slice(0, 10));

const formatMoment = (iso: string | null | undefined, language: string, format: keyof typeof FORMATS) => {
  if (unset(iso)) return '';
  const d = new Date(iso!);
  return Number.isNaN(d.getTime()) ? '' : formatter(language, format).format(d);
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
