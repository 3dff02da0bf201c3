import { useLocaleState } from 'react-admin';

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

/** The formatters in the current UI language. */
export function useDates() {
  const [language] = useLocaleState();
  return {
    day: (iso: string | null | undefined) => formatDay(iso, language),
    longDay: (iso: string | null | undefined) => formatDay(iso, language, 'long'),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language),
  };
}
