import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatFileSize, formatMegabytes } from '../../src/ui/numbers';

// src/ui/numbers.ts writes numbers through Intl (src/ui/intl.ts) in the UI language: ru-RU and en-GB
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

  it('writes scores with the language’s decimal separator', () => {
    expect(formatDecimal(2, 'ru')).toBe('2,00');
    expect(formatDecimal(2, 'en')).toBe('2.00');
    expect(formatDecimal(87.456, 'ru', 1)).toBe('87,5');
  });

  it('writes file sizes with the language’s units', () => {
    // Intl puts a no-break space of its choice between number and unit
    expect(formatFileSize(1536 * 1024, 'ru')).toMatch(/^1,5\sМБ$/);
    expect(formatFileSize(1536 * 1024, 'en')).toMatch(/^1\.5\sMB$/);
    expect(formatFileSize(2048, 'ru')).toMatch(/^2\sкБ$/);
    expect(formatFileSize(3 * 1024 ** 3, 'en')).toMatch(/^3\sGB$/);
    expect(formatMegabytes(10, 'ru')).toMatch(/^10\sМБ$/);
    expect(formatMegabytes(0.5, 'en')).toMatch(/^0\.5\sMB$/);
  });

  it('makes each formatter once', () => {
    const made = new Set<Intl.NumberFormat>();
    const spy = (Intl as { NumberFormat: typeof Intl.NumberFormat }).NumberFormat;
    let calls = 0;
    (Intl as { NumberFormat: unknown }).NumberFormat = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      calls++;
      const f = new spy(...args);
      made.add(f);
      return f;
    };
    try {
      for (let i = 0; i < 50; i++) formatDecimal(i, 'ru', 3);
      expect(calls).toBe(1);
    } finally {
      (Intl as { NumberFormat: unknown }).NumberFormat = spy;
    }
  });
});
