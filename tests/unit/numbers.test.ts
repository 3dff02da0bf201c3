import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/ui/numbers';

// src/ui/numbers.ts groups counts without Intl (its first formatter costs a page load tens of ms);
// here every length of count is held to what Intl prints for ru-RU and en-GB
const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;
const counts = [0, 7, 42, 999, 1000, 1234, 9999, 10000, 54321, 100000, 999999, 1000000, 12345678, 987654321, 2147483647, Number.MAX_SAFE_INTEGER];

describe('counts in the UI language, as Intl writes them', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`${language}: every length`, () => {
      for (const n of counts) expect(formatCount(n, language), String(n)).toBe(n.toLocaleString(LOCALES[language]));
    });
  }

  it('anything but a whole count is Intl’s', () => {
    for (const n of [-1234, 1234.5, 0.25]) {
      expect(formatCount(n, 'ru')).toBe(n.toLocaleString('ru-RU'));
      expect(formatCount(n, 'en')).toBe(n.toLocaleString('en-GB'));
    }
  });
});
