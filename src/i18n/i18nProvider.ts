import { createInstance } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { en } from './en';
import {
  applyLanguage,
  FALLBACK_LANGUAGE,
  initialLanguage,
  isLanguage,
  LANGUAGES,
  mirrorLanguageCookie,
  persistLanguage,
  type Language,
} from './language';
import { addLazyTextsTo } from './lazyTexts';
import { raEnglish, raRussian } from './raMessages';
import { ru } from './ru';

export const locales = [
  { locale: 'ru', name: 'Русский' },
  { locale: 'en', name: 'English' },
];

/**
 * react-admin's i18nProvider on i18next: Russian by default, English as fallback, react-admin's
 * own texts merged with the shell's `app.*`; the admin screens' and the profile's texts join
 * when their screens load (./lazyTexts.ts).
 * Changing the locale persists it.
 */
export async function createI18nProvider(lang: Language = initialLanguage()): Promise<I18nProvider> {
  const instance = createInstance();
  const provider = await getI18nProvider(
    instance,
    {
      lng: lang,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: {
        ru: { translation: { ...raRussian, ...ru } },
        en: { translation: { ...raEnglish, ...en } },
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    },
    locales,
  );
  addLazyTextsTo(instance);
  applyLanguage(lang);
  mirrorLanguageCookie(lang);
  return {
    ...provider,
    changeLocale: async (locale: string) => {
      const next = isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
      await provider.changeLocale(next);
      persistLanguage(next);
    },
  };
}

let appProvider: Promise<I18nProvider> | undefined;

/** The app's single provider (created once, on first use). */
export function appI18nProvider(): Promise<I18nProvider> {
  appProvider ??= createI18nProvider();
  return appProvider;
}
