import { registerMessages } from '../../i18n/messages.js';

/** Texts of the support calls (user search, rights, profile merge). */
const ru = {
  'support.accountNotFound': 'Аккаунт не найден',
  'support.merge.sameAccount': 'Выберите два разных аккаунта',
  'support.merge.studentsOnly': 'Объединять можно только профили студентов',
  'support.merge.self': 'Нельзя объединить свой собственный аккаунт',
};
const en: typeof ru = {
  'support.accountNotFound': 'Account not found',
  'support.merge.sameAccount': 'Choose two different accounts',
  'support.merge.studentsOnly': 'Only student profiles can be merged',
  'support.merge.self': 'You cannot merge your own account',
};
registerMessages({ ru, en });
