import { useLocaleState } from '../app';
import { numberFormat } from './intl';

/** A count in the UI language: ru 12 345, en 12,345. */
export function formatCount(n: number, language: string): string {
  return numberFormat(language).format(n);
}

/** A score or grade with a fixed number of decimals (two by default): ru 2,00, en 2.00. */
export function formatDecimal(n: number, language: string, digits = 2): string {
  return numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

const KB = 1024;
const MB = KB * KB;
const GB = MB * KB;

const unit = (value: number, name: 'kilobyte' | 'megabyte' | 'gigabyte', language: string, digits: number) =>
  numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);

/** A file's size with the language's unit: kilobytes below a megabyte, megabytes below a gigabyte (ru 1,5 МБ, en 1.5 MB). */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < MB) return unit(bytes / KB, 'kilobyte', language, 1);
  if (bytes < GB) return unit(bytes / MB, 'megabyte', language, 2);
  return unit(bytes / GB, 'gigabyte', language, 2);
}

/** A limit given in megabytes (a slide's maximum file size): ru 10 МБ, en 10 MB. */
export const formatMegabytes = (mb: number, language: string): string => unit(mb, 'megabyte', language, 2);

/** The number formatters in the current UI language. */
export function useNumbers() {
  const [language] = useLocaleState();
  return {
    count: (n: number) => formatCount(n, language),
    decimal: (n: number, digits?: number) => formatDecimal(n, language, digits),
    fileSize: (bytes: number) => formatFileSize(bytes, language),
    megabytes: (mb: number) => formatMegabytes(mb, language),
  };
}
