import { createInstance, type i18n as I18next } from 'i18next';
import type { I18nProvider } from 'ra-core';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { Texts } from './catalogue';
import {
  applyLanguage,
  FALLBACK_LANGUAGE,
  initialLanguage,
  isLanguage,
  mirrorLanguageCookie,
  persistLanguage,
  type Language,
} from './language';
import { addLazyTextsTo, addTexts } from './lazyTexts';

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

/** i18next's options for the app's catalogues (the default namespace `translation`, texts added as they load). */
const options = (lang: Language) => ({
  lng: lang,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...locales.map((l) => l.locale)],
  // the catalogues are added by the app (below, ./lazyTexts.ts): no backend, so init need not wait a tick
  initImmediate: false,
  // React escapes what it renders
  interpolation: { escapeValue: false },
  // react-admin also translates plain labels (`translate(label, { _: label })`): a colon in one is no namespace
  nsSeparator: false as const,
  // a key naming a group of texts reads as the key (or the caller's default), not as i18next's warning
  returnedObjectHandler: (key: string, _value: unknown, opts: { defaultValue?: unknown }) => (typeof opts.defaultValue === 'string' ? opts.defaultValue : key),
});

/**
 * react-admin's i18nProvider: ra-i18n-i18next over an i18next instance. Russian by default; the
 * admin screens' (with react-admin's own), the profile's and the player's texts join when their
 * screens load (./lazyTexts.ts). Changing the locale loads that language's catalogue first, then
 * persists the choice; an unknown locale falls back to English.
 */
export async function createI18nProvider(lang: Language = initialLanguage()): Promise<I18nProvider> {
  const i18next: I18next = createInstance();
  const loaded = new Set<Language>();
  const load = async (language: Language) => {
    if (loaded.has(language)) return;
    addTexts(i18next, language, await catalogues[language]());
    loaded.add(language);
    await addLazyTextsTo(i18next, language);
  };
  const provider = await getI18nProvider(i18next, options(lang), locales);
  await load(lang);
  applyLanguage(lang);
  mirrorLanguageCookie(lang);
  return {
    ...provider,
    changeLocale: async (locale: string) => {
      const next = isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
      await load(next);
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
