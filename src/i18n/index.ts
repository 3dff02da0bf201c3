export { appI18nProvider, createI18nProvider, locales } from './i18nProvider';
export { loadLazyTexts } from './lazyTexts';
export { LANGUAGES, LANGUAGE_KEY, storedLanguage, type Language } from './language';
export { en } from './en';
export { ru } from './ru';
