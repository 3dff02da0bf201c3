import { useLocaleState } from '../app';

/**
 * Dates for people, in the UI language's format (ru-RU and en-GB; never a US format on a Russian page):
 * ru 15.03.2027, en 15/03/2027. Days are read as the UTC calendar day the server stores them
 * at (course dates sit at UTC day edges); date-times in the browser's time zone.
 * 0001-01-01 and 9999-12-31 mean "not set" (spec 2 §3).
 */
export type UiLanguage = 'ru' | 'en';

/*
 * Formatted here from the date's own parts, not with Intl.DateTimeFormat: the first Intl date
 * formatter a page makes loads the browser's calendar data, 25–60 ms of one task on a desktop and
 * four times that on a phone (measured in Chromium 156), which was the largest single task of a
 * learner page's load. The formats are the fixed few below, written as ru-RU and en-GB print them
 * (tests/unit/dates.test.ts holds them to Intl's output), both with the 24-hour clock.
 */
const MONTHS: Record<UiLanguage, { of: readonly string[]; alone: readonly string[] }> = {
  ru: {
    of: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
    alone: ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'],
  },
  en: {
    of: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    alone: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
};

/** The UI language of a locale setting: English or Russian (the default). */
export const uiLanguage = (language: string): UiLanguage => (language === 'en' ? 'en' : 'ru');
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A date's calendar parts: of the UTC day (the days the server stores) or in the browser's time zone. */
interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}
const partsOf = (d: Date, utc: boolean): Parts =>
  utc
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes(), seconds: d.getUTCSeconds() }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes(), seconds: d.getSeconds() };

/** ru 05.03.2027, en 05/03/2027 */
const numericDay = (p: Parts, l: UiLanguage) => [two(p.day), two(p.month + 1), p.year].join(l === 'en' ? '/' : '.');
/** ru 5 марта 2027 г., en 5 March 2027 */
const longDay = (p: Parts, l: UiLanguage) => `${p.day} ${MONTHS[l].of[p.month]} ${p.year}${l === 'ru' ? ' г.' : ''}`;
const hoursMinutes = (p: Parts) => `${two(p.hours)}:${two(p.minutes)}`;

const FORMATS = {
  day: { utc: true, write: numericDay },
  longDay: { utc: true, write: longDay },
  dateTime: { utc: false, write: (p: Parts, l: UiLanguage) => `${numericDay(p, l)}, ${hoursMinutes(p)}` },
  momentDay: { utc: false, write: longDay },
  time: { utc: false, write: (p: Parts) => hoursMinutes(p) },
  month: { utc: true, write: (p: Parts, l: UiLanguage) => `${MONTHS[l].alone[p.month]} ${p.year}${l === 'ru' ? ' г.' : ''}` },
  dayMonth: { utc: false, write: (p: Parts, l: UiLanguage) => `${p.day} ${MONTHS[l].of[p.month]}` },
  fullMoment: { utc: false, write: (p: Parts, l: UiLanguage) => `${longDay(p, l)} ${l === 'ru' ? 'в' : 'at'} ${hoursMinutes(p)}:${two(p.seconds)}` },
} satisfies Record<string, { utc: boolean; write: (p: Parts, l: UiLanguage) => string }>;

const format = (d: Date, language: string, name: keyof typeof FORMATS) => {
  const { utc, write } = FORMATS[name];
  return write(partsOf(d, utc), uiLanguage(language));
};

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
