/**
 * The chosen interface language: kept in localStorage and in the cookie `elp_lang`
 * (the server answers in that language, server/i18n pickLang), mirrored on <html lang>.
 */
export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_KEY = 'elp_lang';

const ONE_YEAR = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

function cookieLanguage(): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_KEY)?.[1];
}

/** The language the user chose earlier, if any. */
export function storedLanguage(): Language | null {
  let saved: string | null | undefined = null;
  try {
    saved = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage unavailable (privacy mode): fall back to the cookie
  }
  saved ??= cookieLanguage();
  return isLanguage(saved) ? saved : null;
}

export function initialLanguage(): Language {
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

export function applyLanguage(lang: Language): void {
  document.documentElement.lang = lang;
}

/**
 * The server picks the language of its messages from the cookie, else from the browser's
 * Accept-Language (server/i18n pickLang): a user who never chose one sees the default (Russian)
 * interface, so the cookie must say so, or an English browser gets English errors in a Russian
 * interface. Called whenever the interface starts in a language.
 */
export function mirrorLanguageCookie(lang: Language): void {
  if (cookieLanguage() !== lang) document.cookie = `${LANGUAGE_KEY}=${lang}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
}

export function persistLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // the cookie below still carries the choice
  }
  document.cookie = `${LANGUAGE_KEY}=${lang}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
  applyLanguage(lang);
}
