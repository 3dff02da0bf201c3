import type { i18n } from 'i18next';
import { LANGUAGES, type Language } from './language';

type Catalogues = Record<Language, Record<string, unknown>>;

/**
 * Texts that load with the admin screens (src/resources/lazyTexts.ts), not in a learner's first
 * load: the first admin screen's lazy loader awaits `loadLazyTexts`, and they join every
 * provider's catalogues, now and later. A light module on purpose: the eager resource
 * declarations import it, and must not pull the provider into the admin chunks.
 */
let lazyTexts: Catalogues | undefined;
let loading: Promise<void> | undefined;
const instances = new Set<i18n>();

export function loadLazyTexts(): Promise<void> {
  loading ??= import('../resources/lazyTexts').then(({ lazyResourceMessages }) => {
    lazyTexts = lazyResourceMessages;
    for (const instance of instances) add(instance, lazyResourceMessages);
  });
  return loading;
}

/** Registers a provider's i18next instance: it gets the lazy texts now if loaded, else when they are. */
export function addLazyTextsTo(instance: i18n): void {
  instances.add(instance);
  if (lazyTexts) add(instance, lazyTexts);
}

function add(instance: i18n, texts: Catalogues) {
  // the shell's own keys (app.*, react-admin's ra.*) stay as they are
  for (const lang of LANGUAGES) instance.addResourceBundle(lang, 'translation', texts[lang], true, false);
}
