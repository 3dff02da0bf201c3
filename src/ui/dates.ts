import { useLocaleState } from '../app';

/**
 * Dates for people, in the UI language's format (Intl; never a US format on a Russian page):
 * ru 15.03.2027, en 15/03/2027. Days are read as the UTC calendar day the server stores them
 * at (course dates sit at UTC day edges); date-times in the browser's time zone.
 * 0001-01-01 and 9999-12-31 mean "not set" (spec 2 §3).
 */
export type UiLanguage = 'ru' | 'en';

const intlLocale = (language: string) => (language === 'en' ? 'en-GB' : 'ru-RU');
const unset = (iso: string | null | undefined) => !iso || iso.startsWith('0001-01-01') || iso.startsWith('9999-12-31');

export function formatDay(iso: string | null | undefined, language: string, style: 'numeric' | 'long' = 'numeric'): string {
  if (unset(iso)) return '';
  const d = new Date(iso!.length === 10 ? `${iso}T00:00:00Z` : iso!);
  if (Number.isNaN(d.getTime())) return '';
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(d);
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (unset(iso)) return '';
  const d = new Date(iso!);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}

/** An API date → the value of a date input: the UTC calendar day (YYYY-MM-DD) the server stores it at; '' when unset. */
export const inputDay = (iso: string | null | undefined) => (unset(iso) ? '' : iso!.slice(0, 10));

const formatMoment = (iso: string | null | undefined, language: string, options: Intl.DateTimeFormatOptions) => {
  if (unset(iso)) return '';
  const d = new Date(iso!);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(intlLocale(language), options).format(d);
};

/** The day of a moment (a date-time, e.g. when news was published) in the browser's time zone: ru 15 марта 2027 г., en 15 March 2027. */
export const formatMomentDay = (iso: string | null | undefined, language: string) => formatMoment(iso, language, { day: 'numeric', month: 'long', year: 'numeric' });

/** The time of a moment in the browser's time zone: 09:05. */
export const formatTime = (iso: string | null | undefined, language: string) => formatMoment(iso, language, { hour: '2-digit', minute: '2-digit' });

/** A month (its UTC first day), e.g. a calendar's title: ru март 2027 г., en March 2027. */
export const formatMonth = (iso: string | null | undefined, language: string) => formatMoment(iso, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

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
