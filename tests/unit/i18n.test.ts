import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueKeys } from '../../src/i18n/catalogue';
import { createI18nProvider, en, loadLazyTexts, ru } from '../../src/i18n';
import { raEnglish, raRussian } from '../../src/i18n/raMessages';
import { resourceMessages } from '../../src/resources/i18n';
import { lazyResourceMessages } from '../../src/resources/lazyTexts';
import { profileTexts } from '../../src/i18n/profileTexts';
import { pagesEn } from '../../src/i18n/pages/en';
import { pagesRu } from '../../src/i18n/pages/ru';
import { playerEn } from '../../src/i18n/player/en';
import { playerRu } from '../../src/i18n/player/ru';
import { playerQuestionsEn } from '../../src/i18n/player/questionsEn';
import { playerQuestionsRu } from '../../src/i18n/player/questionsRu';
import { scormEn } from '../../src/i18n/player/scormEn';
import { scormRu } from '../../src/i18n/player/scormRu';
import { ltiEn } from '../../src/i18n/player/ltiEn';
import { ltiRu } from '../../src/i18n/player/ltiRu';

describe('catalogues', () => {
  it('has every key in both languages', () => {
    const ruKeys = catalogueKeys(ru);
    const enKeys = catalogueKeys(en);
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
  });

  it("has every resource key in both languages, in namespaces apart from the shell's", () => {
    const ruKeys = catalogueKeys(resourceMessages.ru);
    const enKeys = catalogueKeys(resourceMessages.en);
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
    const shell = [...Object.keys(ru), ...Object.keys(raRussian)];
    expect(Object.keys(resourceMessages.ru).filter((k) => shell.includes(k))).toEqual([]);
  });

  it('has every lazily loaded resource key in both languages, none of them also eager', () => {
    const ruKeys = catalogueKeys(lazyResourceMessages.ru);
    const enKeys = catalogueKeys(lazyResourceMessages.en);
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
    const eager = catalogueKeys(resourceMessages.ru);
    expect(ruKeys.filter((k) => eager.includes(k))).toEqual([]);
  });

  it('has every profile, accounts and attribute-form key in both languages', () => {
    const ruKeys = catalogueKeys(profileTexts.ru);
    const enKeys = catalogueKeys(profileTexts.en);
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
    expect(Object.keys(profileTexts.ru.app).filter((k) => k in ru.app)).toEqual([]);
  });

  it.each([
    ['knowledge base, attendance code, physmath and sync', pagesRu, pagesEn],
    ['player', playerRu, playerEn],
    ['question forms', playerQuestionsRu, playerQuestionsEn],
    ['SCORM player', scormRu, scormEn],
    ['external tool launch', ltiRu, ltiEn],
  ])("has every %s key in both languages, none of them also in the shell's or another bundle's", (_, inRu, inEn) => {
    const ruKeys = catalogueKeys(inRu);
    const enKeys = catalogueKeys(inEn);
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
    const others = [ru, pagesRu, playerRu, playerQuestionsRu, scormRu, ltiRu].filter((c) => c !== inRu);
    expect(Object.keys(inRu.app).filter((k) => others.some((c) => k in c.app))).toEqual([]);
  });

  it('adds the lazy texts to a provider once loaded, also to one made before', async () => {
    const before = await createI18nProvider('ru');
    expect(before.translate('resources.studentsJournal.name')).toBe('resources.studentsJournal.name');
    await loadLazyTexts();
    expect(before.translate('resources.studentsJournal.name')).toBe(lazyResourceMessages.ru.resources.studentsJournal.name);
    const after = await createI18nProvider('en');
    expect(after.translate('resources.studentsJournal.name')).toBe(lazyResourceMessages.en.resources.studentsJournal.name);
  });

  it('loads a bundle in the languages in use only, and in a language switched to later', async () => {
    const i18n = await createI18nProvider('ru');
    await loadLazyTexts('player');
    expect(i18n.translate('app.player.title', { _: 'missing' })).toBe(playerRu.app.player.title);
    await i18n.changeLocale('en');
    expect(i18n.translate('app.player.title', { _: 'missing' })).toBe(playerEn.app.player.title);
    expect(i18n.translate('ra.action.save')).toBe('Save');
  });

  it('adds lazy texts deep, keeping the texts already there, and never writes into a catalogue', async () => {
    const frozen = JSON.stringify(ru);
    const i18n = await createI18nProvider('ru');
    await Promise.all([loadLazyTexts('admin'), loadLazyTexts('profile'), loadLazyTexts('player')]);
    expect(i18n.translate('app.common.close')).toBe(ru.app.common.close);
    expect(i18n.translate('app.player.title')).toBe(playerRu.app.player.title);
    expect(i18n.translate('app.profile.title')).toBe(profileTexts.ru.app.profile.title);
    expect(JSON.stringify(ru)).toBe(frozen);
  });

  it("reads plain labels as labels: a colon is no namespace, a missing text falls back to the caller's default", async () => {
    const i18n = await createI18nProvider('ru');
    expect(i18n.translate('Время: 10 мин.')).toBe('Время: 10 мин.');
    expect(i18n.translate('app.nothing.here', { _: 'по умолчанию' })).toBe('по умолчанию');
    // a key naming a group of texts is no text
    expect(i18n.translate('app.common', { _: 'группа' })).toBe('группа');
    expect(i18n.translate('app.common')).toBe('app.common');
  });

  it("speaks Russian in every Russian text (the spec's English messages have their translation there)", () => {
    const flat = (o: object, p = ''): [string, string][] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [[`${p}${k}`, String(v)] as [string, string]]));
    const texts = [ru, resourceMessages.ru, lazyResourceMessages.ru, pagesRu, profileTexts.ru, playerRu, playerQuestionsRu, scormRu, ltiRu].flatMap((c) => flat(c));
    // names and formats that read the same in both languages, and each language's own name
    const same = /^(ID|E-mail|PDF|SCORM|HTML|Kinescope|GIFT|Moodle XML|QTI 2\.1|Excel|English|EN — English|\{\{length\}\} \/ \{\{max\}\})$/;
    // the values put into a text ({{id}}) are not its words
    const words = (text: string) => text.replace(/\{\{\w+\}\}/g, '');
    expect(texts.filter(([, text]) => /[a-z]{2}/i.test(words(text)) && !/[а-яё]/i.test(text) && !same.test(text))).toEqual([]);
  });

  it("has a Russian text for every react-admin key", () => {
    const ruKeys = catalogueKeys(raRussian);
    expect(catalogueKeys(raEnglish).filter((k) => !ruKeys.includes(k))).toEqual([]);
  });
});

describe('i18nProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'elp_lang=; path=/; max-age=0';
  });

  it('speaks Russian by default with Russian plural forms', async () => {
    const i18n = await createI18nProvider();
    expect(i18n.getLocale()).toBe('ru');
    const courses = (n: number) => i18n.translate('app.common.count.courses', { smart_count: n });
    expect(courses(1)).toBe('1 курс');
    expect(courses(3)).toBe('3 курса');
    expect(courses(5)).toBe('5 курсов');
    expect(courses(11)).toBe('11 курсов');
    expect(courses(21)).toBe('21 курс');
    expect(courses(24)).toBe('24 курса');
  });

  it("keeps react-admin's three Russian forms (its texts come with the admin bundle)", async () => {
    // not in the shell's catalogue, which every first load carries
    expect(Object.keys(ru)).toEqual(['app']);
    const i18n = await createI18nProvider('ru');
    await loadLazyTexts('admin');
    expect(i18n.translate('ra.notification.deleted', { smart_count: 1 })).toBe('Элемент удален');
    expect(i18n.translate('ra.notification.deleted', { smart_count: 5 })).toBe('5 удалено');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 выбрано');
  });

  it('uses English plurals and persists the choice', async () => {
    const i18n = await createI18nProvider('ru');
    await i18n.changeLocale('en');
    expect(i18n.translate('app.common.count.courses', { smart_count: 1 })).toBe('1 course');
    expect(i18n.translate('app.common.count.courses', { smart_count: 5 })).toBe('5 courses');
    expect(localStorage.getItem('elp_lang')).toBe('en');
    expect(document.cookie).toContain('elp_lang=en');
    expect(document.documentElement.lang).toBe('en');
    const again = await createI18nProvider();
    expect(again.getLocale()).toBe('en');
  });

  it('tells the server the interface language even when the user never chose one (server messages follow the UI, not Accept-Language)', async () => {
    const i18n = await createI18nProvider();
    expect(i18n.getLocale()).toBe('ru');
    expect(document.cookie).toContain('elp_lang=ru');
  });
});
