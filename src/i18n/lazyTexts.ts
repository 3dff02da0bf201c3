import type { i18n } from 'i18next';
import { LANGUAGES, type Language } from './language';

type Catalogues = Record<Language, Record<string, unknown>>;

/**
 * Catalogues that load with the screens that use them, not in a learner's first load: the admin
 * screens' texts (src/resources/lazyTexts.ts, also used by the learner's news, invitation and
 * expulsion pages) and the profile's, linked accounts' and attribute forms' (./profileTexts.ts). A screen's lazy loader awaits `loadLazyTexts(bundle)`;
 * the texts then join every provider's catalogues, now and later. A light module on purpose:
 * eager route tables import it, and must not pull the provider into the screens' chunks.
 */
const bundles = {
  admin: () => import('../resources/lazyTexts').then((m) => m.adminTexts),
  profile: () => import('./profileTexts').then((m) => m.profileTexts),
} satisfies Record<string, () => Promise<Catalogues>>;

export type TextBundle = keyof typeof bundles;

const loaded = new Map<TextBundle, Catalogues>();
const loading = new Map<TextBundle, Promise<void>>();
const instances = new Set<i18n>();

export function loadLazyTexts(bundle: TextBundle = 'admin'): Promise<void> {
  let pending = loading.get(bundle);
  if (!pending) {
    pending = bundles[bundle]().then((texts) => {
      loaded.set(bundle, texts);
      for (const instance of instances) add(instance, texts);
    });
    loading.set(bundle, pending);
  }
  return pending;
}

/** A lazy page that needs a bundle of texts: both load before it renders. */
export const withTexts = <M>(bundle: TextBundle, page: Promise<M>): Promise<M> => Promise.all([page, loadLazyTexts(bundle)]).then(([m]) => m);

/** Registers a provider's i18next instance: it gets the bundles loaded so far now, the others when they load. */
export function addLazyTextsTo(instance: i18n): void {
  instances.add(instance);
  for (const texts of loaded.values()) add(instance, texts);
}

function add(instance: i18n, texts: Catalogues) {
  // deep: a bundle adds to namespaces the shell has (app.*) without replacing its keys
  for (const lang of LANGUAGES) instance.addResourceBundle(lang, 'translation', texts[lang], true, false);
}
