import { beforeAll, describe, expect, it } from 'vitest';
import type { I18nProvider } from 'ra-core';
import type { Texts } from '../../src/i18n/catalogue';
import { createI18nProvider, en, loadLazyTexts, ru } from '../../src/i18n';
import { pagesEn } from '../../src/i18n/pages/en';
import { pagesRu } from '../../src/i18n/pages/ru';
import { playerEn } from '../../src/i18n/player/en';
import { playerRu } from '../../src/i18n/player/ru';
import { playerQuestionsEn } from '../../src/i18n/player/questionsEn';
import { playerQuestionsRu } from '../../src/i18n/player/questionsRu';
import { scormEn } from '../../src/i18n/player/scormEn';
import { scormRu } from '../../src/i18n/player/scormRu';
import { profileTexts } from '../../src/i18n/profileTexts';
import { raEnglish, raRussian } from '../../src/i18n/raMessages';
import { adminTexts } from '../../src/resources/lazyTexts';

/**
 * Every pluralised text of every catalogue (the shell's; the admin, pages, profile, player, question-form and SCORM bundles,
 * react-admin's own among them: src/i18n/lazyTexts.ts), read through the app's provider: each
 * number gets the form its language's plural rules give it.
 */
const catalogues: Record<'ru' | 'en', Texts[]> = {
  ru: [ru, adminTexts.ru, raRussian, pagesRu, profileTexts.ru, playerRu, playerQuestionsRu, scormRu] as Texts[],
  en: [en, adminTexts.en, raEnglish, pagesEn, profileTexts.en, playerEn, playerQuestionsEn, scormEn] as Texts[],
};

const FORM = /_(one|few|many|other)$/;

/** base key → { form: text } of every plural in the catalogues */
function plurals(texts: Texts[]): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  const walk = (node: Texts, path: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v !== 'string') walk(v, `${path}${k}.`);
      else if (FORM.test(k)) {
        const base = `${path}${k.replace(FORM, '')}`;
        found.set(base, { ...found.get(base), [FORM.exec(k)![1]]: v });
      }
    }
  };
  texts.forEach((t) => walk(t, ''));
  return found;
}

const filled = (text: string, n: number) => text.replaceAll('{{count}}', String(n)).replaceAll('{{smart_count}}', String(n));

const expected = {
  ru: { one: [1, 21], few: [2, 22], many: [5, 11, 25] },
  en: { one: [1], other: [2] },
} as const;

describe.each(['ru', 'en'] as const)('plural forms in %s', (language) => {
  let i18n: I18nProvider;
  const keys = plurals(catalogues[language]);

  beforeAll(async () => {
    i18n = await createI18nProvider(language);
    await Promise.all((['admin', 'pages', 'profile', 'player', 'playerQuestions', 'scorm'] as const).map((b) => loadLazyTexts(b)));
  });

  it('finds the plurals of every catalogue (the welcome statistics, lists, progress, chat among them)', () => {
    for (const key of ['app.welcome.stats.programs', 'app.learner.course.progress', 'app.chat.unread', 'ra.navigation.page_range_info', 'ra.notification.deleted', 'resources.tasks.messages.stoppedMany']) {
      if (key === 'ra.navigation.page_range_info') expect(keys.has(key)).toBe(false); // "1–10 из 25": no noun to agree
      else expect([...keys.keys()]).toContain(key);
    }
  });

  it(language === 'ru' ? 'writes all four Russian forms of every plural' : 'writes the one and other forms of every plural', () => {
    const forms = language === 'ru' ? ['one', 'few', 'many', 'other'] : ['one', 'other'];
    const incomplete = [...keys].filter(([, texts]) => forms.some((f) => texts[f] === undefined)).map(([key]) => key);
    expect(incomplete).toEqual([]);
  });

  it(`gives ${Object.entries(expected[language]).map(([form, ns]) => `${ns.join(', ')} the _${form} form`).join('; ')}`, () => {
    const wrong: string[] = [];
    for (const [key, texts] of keys) {
      for (const [form, numbers] of Object.entries(expected[language])) {
        for (const n of numbers) {
          const got = i18n.translate(key, { smart_count: n });
          if (got !== filled(texts[form], n)) wrong.push(`${key} ${n}: ${got} (expected the ${form} form: ${filled(texts[form], n)})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(keys.size).toBeGreaterThan(20);
  });

  it('takes the number from `count` too, as the app passes it', () => {
    const texts = keys.get('app.welcome.stats.programs')!;
    expect(i18n.translate('app.welcome.stats.programs', { count: 1 })).toBe(texts.one);
    expect(i18n.translate('app.welcome.stats.programs', { count: 2 })).toBe(language === 'ru' ? texts.few : texts.other);
  });
});

describe('the welcome statistics read as Russian', () => {
  it('1 программа, 2 программы, 5 программ', async () => {
    const i18n = await createI18nProvider('ru');
    const programs = (n: number) => `${n} ${i18n.translate('app.welcome.stats.programs', { count: n })}`;
    expect(programs(1)).toBe('1 программа дополнительного профессионального образования');
    expect(programs(2)).toBe('2 программы дополнительного профессионального образования');
    expect(programs(5)).toBe('5 программ дополнительного профессионального образования');
    expect(`21 ${i18n.translate('app.welcome.stats.trained', { count: 21 })}`).toBe('21 участник прошёл обучение');
    expect(`3 ${i18n.translate('app.welcome.stats.satisfied', { count: 3 })}`).toBe('3 участника довольны обучением');
  });
});
