import { uiLanguage } from './dates';

/*
 * Counts are grouped here, not with toLocaleString: the first Intl number formatter a page makes
 * loads the browser's locale data, 15–25 ms of one task on a desktop and four times that on a phone
 * (measured in Chromium 156), the largest task of the welcome page's load. ru-RU groups thousands
 * with a no-break space, en-GB with a comma (tests/unit/numbers.test.ts holds them to Intl's output).
 */
const GROUP_SEPARATOR = { ru: '\u00a0', en: ',' } as const;

/** A count in the UI language: ru 12 345, en 12,345 (anything but a whole count goes to Intl). */
export function formatCount(n: number, language: string): string {
  const ui = uiLanguage(language);
  if (!Number.isSafeInteger(n) || n < 0) return n.toLocaleString(ui === 'en' ? 'en-GB' : 'ru-RU');
  return String(n).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[ui]);
}
