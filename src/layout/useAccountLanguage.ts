import { useEffect } from 'react';
import { useLocaleState } from '../app';
import { isLanguage, storedLanguage } from '../i18n/language';
import { useAccount } from './useAccount';

/** A user who never chose a language on this browser gets the one kept on the account. */
export function useAccountLanguage(): void {
  const { account } = useAccount();
  const [locale, setLocale] = useLocaleState();
  const language = account?.language;
  useEffect(() => {
    if (isLanguage(language) && storedLanguage() === null && language !== locale) setLocale(language);
  }, [language, locale, setLocale]);
}
