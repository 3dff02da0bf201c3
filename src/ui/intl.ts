/**
 * The UI language's Intl formatters, the one place the app makes them: ru-RU and en-GB (never a US
 * format on a Russian page). Each is made on first use and kept: the first formatter of a kind loads
 * the browser's locale data (tens of ms of one task on a phone), later ones are cheap, and a
 * formatter per call would pay for its options again on every row of a list.
 */
export type UiLanguage = 'ru' | 'en';

/** The UI language of a locale setting: English or Russian (the default). */
export const uiLanguage = (language: string): UiLanguage => (language === 'en' ? 'en' : 'ru');

const LOCALES: Record<UiLanguage, string> = { ru: 'ru-RU', en: 'en-GB' };
export const intlLocale = (language: string) => LOCALES[uiLanguage(language)];

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
