import type { I18nProvider } from 'react-admin';
import {
  applyLanguage,
  FALLBACK_LANGUAGE,
  initialLanguage,
  isLanguage,
  mirrorLanguageCookie,
  persistLanguage,
  type Language,
} from './language';
import { addLazyTextsTo } from './lazyTexts';
import { Translator, type Texts } from './translator';

export const locales = [
  { locale: 'ru', name: 'Русский' },
  { locale: 'en', name: 'English' },
];

/**
 * A language's shell catalogue (`app.*`), each language its own chunk, so a first load carries one
 * of them. react-admin's own texts (`ra.*`) come with the admin bundle (./lazyTexts.ts).
 */
const catalogues: Record<Language, () => Promise<Texts>> = {
  ru: () => import('./ru').then((m) => m.ru),
  en: () => import('./en').then((m) => m.en),
};

/**
 * react-admin's i18nProvider over the app's translator: Russian by default; the admin screens' (with
 * react-admin's own), the profile's and the player's texts join when their screens load
 * (./lazyTexts.ts). Changing the locale loads that language's catalogue first, then persists the choice.
 */
export async function createI18nProvider(lang: Language = initialLanguage()): Promise<I18nProvider> {
  const translator = new Translator(lang);
  const load = async (language: Language) => {
    if (translator.has(language)) return;
    translator.add(language, await catalogues[language]());
    await addLazyTextsTo(translator, language);
  };
  await load(lang);
  applyLanguage(lang);
  mirrorLanguageCookie(lang);
  return {
    translate: (key: string, options: Record<string, unknown> = {}) => {
      const { _: defaultValue, smart_count, ...values } = options;
      const count = typeof smart_count === 'number' ? smart_count : typeof values.count === 'number' ? values.count : undefined;
      return translator.translate(key, { ...values, smart_count, count, defaultValue: defaultValue as string | undefined });
    },
    changeLocale: async (locale: string) => {
      const next = isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
      await load(next);
      translator.language = next;
      persistLanguage(next);
    },
    getLocale: () => translator.language,
    getLocales: () => locales,
  };
}

let appProvider: Promise<I18nProvider> | undefined;

/** The app's single provider (created once, on first use). */
export function appI18nProvider(): Promise<I18nProvider> {
  appProvider ??= createI18nProvider();
  return appProvider;
}
