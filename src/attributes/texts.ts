import { attributeProblemTexts } from '../../shared/attributes/messages';

/** The shared validator's texts with the client's placeholders ({name} → {{name}}). */
export function problemTexts(lang: 'ru' | 'en'): Record<keyof (typeof attributeProblemTexts)['ru'], string> {
  const texts = attributeProblemTexts[lang] as Record<string, string>;
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v.replace(/\{(\w+)\}/g, '{{$1}}')])) as never;
}
