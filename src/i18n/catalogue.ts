/** A catalogue: nested objects of texts (`{{name}}` values), plural forms as `key_one`, `key_few`, `key_many`, `key_other`. */
export type Texts = { [key: string]: string | Texts };

/**
 * The shape every language must fill: Russian is the reference. Plural forms that only
 * Russian has (`_few`, `_many`) are optional elsewhere; every other key is required, so a
 * key missing from English is a compile error.
 */
type RussianOnlyPlural = `${string}_${'few' | 'many'}`;

export type CatalogueOf<T> = {
  [K in keyof T as K extends RussianOnlyPlural ? never : K]: T[K] extends string ? string : CatalogueOf<T[K]>;
} & {
  [K in keyof T as K extends RussianOnlyPlural ? K : never]?: string;
};

/** i18next plural suffixes; `key_one`, `key_few` … all belong to the base key `key`. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flat list of the keys of a nested catalogue, plural suffixes folded into the base key. */
export function catalogueKeys(catalogue: object, prefix = ''): string[] {
  const keys = new Set<string>();
  for (const [k, v] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') catalogueKeys(v, path).forEach((key) => keys.add(key));
    else keys.add(path.replace(PLURAL_SUFFIX, ''));
  }
  return [...keys].sort();
}
