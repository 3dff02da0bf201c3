import { convertRaTranslationToI18next, convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';

type Messages = { [key: string]: string | Messages };

/**
 * ra-i18n-i18next's converter keeps two plural forms; Russian polyglot strings carry three
 * (one |||| few |||| many), so they are written out as i18next's _one/_few/_many/_other.
 */
export function convertRussian(messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'string') {
      out[key] = convertRussian(value);
      continue;
    }
    const forms = value.split(' |||| ').map((form) => convertRaTranslationToI18next(form));
    if (forms.length === 1) {
      out[key] = forms[0];
      continue;
    }
    const [one, few, many = few] = forms;
    Object.assign(out, { [`${key}_one`]: one, [`${key}_few`]: few, [`${key}_many`]: many, [`${key}_other`]: few });
  }
  return out;
}

/** react-admin's own texts in i18next form; ra.guesser is missing from ra-language-russian. */
export const raRussian: Messages = {
  ...convertRussian(russianMessages as unknown as Messages),
};
(raRussian.ra as Messages).guesser = {
  empty: { title: 'Нет данных для отображения', message: 'Проверьте источник данных' },
};

export const raEnglish = convertRaTranslationsToI18next(englishMessages) as Messages;
