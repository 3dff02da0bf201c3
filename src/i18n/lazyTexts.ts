import type { Language } from './language';
import type { Texts, Translator } from './translator';

type Catalogues = Record<Language, Texts>;

/**
 * Catalogues that load with the screens that use them, not in a learner's first load: the admin
 * screens' texts (src/resources/lazyTexts.ts, also used by the learner's news, invitation and
 * expulsion pages), the profile's, linked accounts' and attribute forms' (./profileTexts.ts) and the
 * player's (./playerTexts.ts). A screen's lazy loader awaits `loadLazyTexts(bundle)`;
 * the texts then join every provider's loaded languages, now and later. A light module on purpose:
 * eager route tables import it, and must not pull the provider into the screens' chunks.
 */
const bundles = {
  admin: () => import('../resources/lazyTexts').then((m) => m.adminTexts as unknown as Catalogues),
  profile: () => import('./profileTexts').then((m) => m.profileTexts as unknown as Catalogues),
  player: () => import('./playerTexts').then((m) => m.playerTexts as unknown as Catalogues),
} satisfies Record<string, () => Promise<Catalogues>>;

export type TextBundle = keyof typeof bundles;

const loaded = new Map<TextBundle, Catalogues>();
const loading = new Map<TextBundle, Promise<void>>();
/** every provider's translator with the languages it has loaded */
const translators = new Map<Translator, Set<Language>>();

export function loadLazyTexts(bundle: TextBundle = 'admin'): Promise<void> {
  let pending = loading.get(bundle);
  if (!pending) {
    pending = bundles[bundle]().then((texts) => {
      loaded.set(bundle, texts);
      for (const [translator, languages] of translators) for (const lang of languages) translator.add(lang, texts[lang]);
    });
    loading.set(bundle, pending);
  }
  return pending;
}

/** A lazy page that needs bundles of texts: they and the page load before it renders. */
export const withTexts = <M>(bundles: TextBundle | TextBundle[], page: Promise<M>): Promise<M> =>
  Promise.all([page, ...[bundles].flat().map((b) => loadLazyTexts(b))]).then(([m]) => m);

/** Registers a provider's translator for a language it loaded: it gets the bundles loaded so far now, the others when they load. */
export async function addLazyTextsTo(translator: Translator, language: Language): Promise<void> {
  const languages = translators.get(translator) ?? new Set<Language>();
  languages.add(language);
  translators.set(translator, languages);
  for (const texts of loaded.values()) translator.add(language, texts[language]);
}
