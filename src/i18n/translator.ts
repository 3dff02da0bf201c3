import type { Language } from './language';

/** A catalogue: nested objects of texts; plural forms as `key_one`, `key_few`, `key_many`, `key_other`. */
export type Texts = { [key: string]: string | Texts };

export interface TranslateOptions {
  /** the text when the key has none */
  defaultValue?: string;
  /** picks the plural form (Intl.PluralRules of the language) and fills `{{count}}` */
  count?: number;
  [name: string]: unknown;
}

/**
 * The app's translator: i18next's catalogue format (nested keys, `{{name}}` values, plural
 * suffixes) without i18next, which would weigh more than the texts of a first load. The texts
 * of a language are added as they load (the language itself, then lazy bundles).
 */
export class Translator {
  private readonly texts: Partial<Record<Language, Texts>> = {};
  private readonly plurals = new Map<Language, Intl.PluralRules>();

  constructor(public language: Language) {}

  /** Adds texts to a language, deep; a key already there keeps its text (i18next's addResourceBundle(…, deep, no overwrite)). */
  add(language: Language, texts: Texts): void {
    const have = this.texts[language];
    this.texts[language] = have ? merge(have, texts) : texts;
  }

  has(language: Language): boolean {
    return this.texts[language] !== undefined;
  }

  translate(key: string, options: TranslateOptions = {}): string {
    const text = this.lookup(this.language, key, options.count) ?? options.defaultValue ?? key;
    return text.includes('{{') ? interpolate(text, options) : text;
  }

  private lookup(language: Language, key: string, count: unknown): string | undefined {
    const texts = this.texts[language];
    if (!texts) return undefined;
    if (typeof count === 'number') {
      let rules = this.plurals.get(language);
      if (!rules) this.plurals.set(language, (rules = new Intl.PluralRules(language)));
      const plural = textAt(texts, `${key}_${rules.select(count)}`) ?? textAt(texts, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return textAt(texts, key);
  }
}

function textAt(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{-?\s*([\w.]+)\s*\}\}/g, (whole, path: string) => {
    let value: unknown = values;
    for (const part of path.split('.')) value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[part];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * `into` with what `from` adds, as a new object: neither is changed, and the parts of `from` that
 * `into` lacks are taken as they are, not copied (a language's whole catalogue is thousands of
 * texts: copying it was a long task of a phone's start). Nothing here writes into an object it
 * did not create, so sharing them is safe.
 */
function merge(into: Texts, from: Texts): Texts {
  const out: Texts = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const have = out[key];
    if (typeof value === 'object' && typeof have === 'object') out[key] = merge(have, value);
    else if (have === undefined) out[key] = value;
  }
  return out;
}
