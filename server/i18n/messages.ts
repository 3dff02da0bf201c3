/**
 * Server-side texts for error answers, in both languages. The client shows
 * its own translation for known ErrorCodes; these are what an API user (or
 * the client's fallback) reads. Keys are shared by both catalogues: a test
 * fails when one language lacks a key.
 */
const ru = {
  'error.badRequest': 'Некорректный запрос',
  'error.validation': 'Проверьте введённые данные',
  'error.unauthorized': 'Требуется вход в систему',
  'error.forbidden': 'У вас нет доступа к этой странице',
  'error.notFound': 'Запись не найдена',
  'error.routeNotFound': 'Адрес не найден',
  'error.conflict': 'Конфликт данных',
  'error.tooLarge': 'Слишком большой запрос',
  'error.tooManyRequests': 'Слишком много попыток. Повторите позже',
  'error.internal': 'На сервере произошла ошибка',
  'error.unsupportedMediaType': 'Неподдерживаемый тип данных',
  'validation.required': 'Обязательное поле',
  'validation.invalid': 'Некорректное значение',
  'validation.tooShort': 'Слишком короткое значение',
  'validation.tooLong': 'Слишком длинное значение',
  'validation.tooSmall': 'Слишком маленькое значение',
  'validation.tooBig': 'Слишком большое значение',
  'validation.invalidType': 'Неверный тип значения',
  'validation.invalidEmail': 'Некорректный адрес электронной почты',
  'validation.emailList': 'Введите корректные адреса электронной почты, разделенные запятой или пробелом',
  'validation.dateRange': 'Неверно задан диапазон дат',
  'validation.dayFormat': 'Введите дату в виде ДД.ММ.ГГГГ или ДД/ММ/ГГГГ',
  'validation.noSuchDay': 'Такой даты нет в календаре: проверьте день и месяц',
};

const en: Record<keyof typeof ru, string> = {
  'error.badRequest': 'Bad request',
  'error.validation': 'Please check the data you entered',
  'error.unauthorized': 'Please sign in',
  'error.forbidden': 'You do not have access to this page',
  'error.notFound': 'Record not found',
  'error.routeNotFound': 'Route not found',
  'error.conflict': 'Data conflict',
  'error.tooLarge': 'Request too large',
  'error.tooManyRequests': 'Too many attempts. Try again later',
  'error.internal': 'There are problems on the server',
  'error.unsupportedMediaType': 'Unsupported media type',
  'validation.required': 'Required field',
  'validation.invalid': 'Invalid value',
  'validation.tooShort': 'The value is too short',
  'validation.tooLong': 'The value is too long',
  'validation.tooSmall': 'The value is too small',
  'validation.tooBig': 'The value is too big',
  'validation.invalidType': 'Wrong type of value',
  'validation.invalidEmail': 'Invalid e-mail address',
  'validation.emailList': 'Enter valid e-mail addresses separated by a comma or a space',
  'validation.dateRange': 'Invalid date range',
  'validation.dayFormat': 'Enter the date as DD.MM.YYYY or DD/MM/YYYY',
  'validation.noSuchDay': 'There is no such date in the calendar: check the day and the month',
};

export type Lang = 'ru' | 'en';
export type MessageKey = keyof typeof ru;
export const serverMessages: Record<Lang, Record<MessageKey, string>> = { ru, en };

/** Extra catalogues registered by feature modules (same keys in both languages). */
const extra: Record<Lang, Record<string, string>> = { ru: {}, en: {} };
export function registerMessages(catalogue: Record<Lang, Record<string, string>>): void {
  Object.assign(extra.ru, catalogue.ru);
  Object.assign(extra.en, catalogue.en);
}
export function allMessages(lang: Lang): Record<string, string> {
  return { ...serverMessages[lang], ...extra[lang] };
}

const pluralRules: Partial<Record<Lang, Intl.PluralRules>> = {};
const textOf = (lang: Lang, key: string): string | undefined => extra[lang][key] ?? (serverMessages[lang] as Record<string, string>)[key];

/**
 * A message in a language, `{name}` filled from `vars`. With a numeric `vars.count`, the key's form
 * for that number's plural category (`key_one`, `key_few`, … as the client's catalogues write them)
 * is taken when the catalogue has one: `key_one` ('… 21 символа') beside `key` ('… 5 символов').
 */
export function translate(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const plural = typeof vars.count === 'number' ? `${key}_${(pluralRules[lang] ??= new Intl.PluralRules(lang)).select(vars.count)}` : undefined;
  const text =
    (plural && textOf(lang, plural)) ?? textOf(lang, key) ?? (plural && textOf('en', plural)) ?? textOf('en', key) ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** Russian first: anything but an explicit English preference gets Russian. */
export function pickLang(cookieLang: string | undefined, acceptLanguage: string | undefined): Lang {
  if (cookieLang === 'en' || cookieLang === 'ru') return cookieLang;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ru';
}
