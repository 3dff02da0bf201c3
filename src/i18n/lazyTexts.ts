import type { i18n as I18next } from 'i18next';
import type { Texts } from './catalogue';
import { initialLanguage, type Language } from './language';

/**
 * Catalogues that load with the screens that use them, not in a learner's first load, each in the
 * UI's language only:
 * - admin: the admin screens' texts (src/resources/lazyTexts.ts) and react-admin's own (ra.*), for
 *   the admin app and the learner pages built from its parts (news, invitation, expulsion, article editor);
 * - pages: the pages' beside the learning journey (./pages/): the knowledge base's (and my courses'
 *   support contacts), the attendance code's, physmath's and account sync's (the admin app's
 *   attendance screens use them too);
 * - profile: the profile's, linked accounts' and attribute forms' (./profileTexts.ts);
 * - player: the player's frame, steps and viewers (./player/ru.ts, ./player/en.ts);
 * - playerQuestions: the question forms' (./player/questionsRu.ts, …), with a question slide's form;
 * - scorm: the SCORM player's (./player/scormRu.ts, …), with a SCORM exercise;
 * - lti: an external tool's launch (./player/ltiRu.ts, …), with an external tool exercise.
 * A screen's lazy loader awaits `loadLazyTexts(bundle)`; the texts then join every provider's
 * languages, now and later (a language switched to later loads the bundles asked for so far). A light
 * module on purpose: eager route tables import it, and must not pull the provider into the screens' chunks.
 */
const bundles = {
  admin: {
    ru: () => Promise.all([import('./raRussian').then((m) => m.raRussian), import('../resources/lazyTexts').then((m) => m.adminTexts.ru)]),
    en: () => Promise.all([import('./raEnglish').then((m) => m.raEnglish), import('../resources/lazyTexts').then((m) => m.adminTexts.en)]),
  },
  pages: {
    ru: () => import('./pages/ru').then((m) => [m.pagesRu]),
    en: () => import('./pages/en').then((m) => [m.pagesEn]),
  },
  profile: {
    ru: () => import('./profileTexts').then((m) => [m.profileTexts.ru]),
    en: () => import('./profileTexts').then((m) => [m.profileTexts.en]),
  },
  player: {
    ru: () => import('./player/ru').then((m) => [m.playerRu]),
    en: () => import('./player/en').then((m) => [m.playerEn]),
  },
  playerQuestions: {
    ru: () => import('./player/questionsRu').then((m) => [m.playerQuestionsRu]),
    en: () => import('./player/questionsEn').then((m) => [m.playerQuestionsEn]),
  },
  scorm: {
    ru: () => import('./player/scormRu').then((m) => [m.scormRu]),
    en: () => import('./player/scormEn').then((m) => [m.scormEn]),
  },
  lti: {
    ru: () => import('./player/ltiRu').then((m) => [m.ltiRu]),
    en: () => import('./player/ltiEn').then((m) => [m.ltiEn]),
  },
} satisfies Record<string, Record<Language, () => Promise<object[]>>>;

export type TextBundle = keyof typeof bundles;

/** the bundles asked for so far: a language added later loads them too */
const requested = new Set<TextBundle>();
const loaded = new Map<string, Texts[]>();
const loading = new Map<string, Promise<void>>();
/** every provider's i18next instance with the languages it has loaded */
const instances = new Map<I18next, Set<Language>>();

/**
 * Adds texts to a language of an instance, deep; a key already there keeps its text. i18next
 * copies them first, so later bundles never write into a module's catalogue.
 */
export function addTexts(i18next: I18next, language: Language, texts: Texts): void {
  i18next.addResourceBundle(language, 'translation', texts, true, false);
}

function loadBundle(bundle: TextBundle, language: Language): Promise<void> {
  const key = `${bundle}:${language}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = bundles[bundle][language]().then((texts) => {
      loaded.set(key, texts as Texts[]);
      for (const [i18next, languages] of instances) {
        if (languages.has(language)) for (const t of texts) addTexts(i18next, language, t as Texts);
      }
    });
    // a failed load (network) may be tried again by the next screen that needs it
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Loads a bundle in every language the providers use (and in any they add later). Before any
 * provider exists (a page preloaded before the first render), in the language the app starts in.
 */
export async function loadLazyTexts(bundle: TextBundle = 'admin'): Promise<void> {
  requested.add(bundle);
  const languages = new Set([...instances.values()].flatMap((l) => [...l]));
  if (languages.size === 0) languages.add(initialLanguage());
  await Promise.all([...languages].map((language) => loadBundle(bundle, language)));
}

/** A lazy page that needs bundles of texts: they and the page load before it renders. */
export const withTexts = <M>(bundles: TextBundle | TextBundle[], page: Promise<M>): Promise<M> =>
  Promise.all([page, ...[bundles].flat().map((b) => loadLazyTexts(b))]).then(([m]) => m);

/** Registers a provider's i18next instance for a language it loaded: it gets the bundles asked for so far, loaded in that language. */
export async function addLazyTextsTo(i18next: I18next, language: Language): Promise<void> {
  const languages = instances.get(i18next) ?? new Set<Language>();
  languages.add(language);
  instances.set(i18next, languages);
  await Promise.all(
    [...requested].map((bundle) => {
      const texts = loaded.get(`${bundle}:${language}`);
      // a bundle that fails to load does not keep the provider from starting: the screen that
      // needs it asks again (withTexts) and shows the failure itself
      if (!texts) return loadBundle(bundle, language).catch(() => undefined);
      for (const t of texts) addTexts(i18next, language, t);
      return undefined;
    }),
  );
}
