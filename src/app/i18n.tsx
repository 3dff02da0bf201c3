import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, type I18nProvider } from 'ra-core';
import { useStore } from './store';

/** The interface language and its setter (the store's `locale`, which both areas' providers follow). */
export function useLocaleState(): [string, (locale: string) => void] {
  const i18nProvider = useContext(I18nContext);
  const initial = useMemo(() => i18nProvider.getLocale(), [i18nProvider]);
  return useStore<string>('locale', initial);
}

/**
 * Provides the i18n provider (react-admin's I18nContext, which useTranslate reads) and follows
 * the store's `locale`: the provider loads and switches to it, then every translating component
 * renders again (a new context value; nothing is remounted).
 */
export function LocaleProvider({ value, children }: { value: I18nProvider; children: ReactNode }) {
  const [locale] = useStore<string | undefined>('locale');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!locale || value.getLocale() === locale) return;
    let current = true;
    Promise.resolve(value.changeLocale(locale)).then(() => current && setVersion((v) => v + 1), console.error);
    return () => {
      current = false;
    };
  }, [value, locale]);
  // a new object per switch: useTranslate's callback depends on it
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const context = useMemo(() => ({ ...value }), [value, version]);
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>;
}
