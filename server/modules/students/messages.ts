import { registerMessages } from '../../i18n/messages.js';

/** Texts of the students calls (kick reasons, import problems). */
registerMessages({
  ru: {
    'students.kick.noProgress': 'Нет прогресса в обучении',
    'students.kick.ownWish': 'По собственному желанию',
    'students.kick.academicDebt': 'Академическая задолженность',
    'students.kick.transfer': 'Перевод на другой курс',
    'students.kick.other': 'Другое',
    'students.import.failed': 'В файле есть ошибки, ничего не импортировано',
    'students.import.badFile': 'Загрузите файл xlsx или csv',
    'students.import.noEmail': 'Не указан адрес электронной почты',
    'students.import.badEmail': 'Некорректный адрес электронной почты',
    'students.import.unknownEmail': 'Пользователь с адресом {email} не найден',
    'students.import.unknownGroup': 'Группа «{group}» не найдена',
    'students.import.duplicate': 'Адрес повторяется в строке {row}',
    'students.import.empty': 'В файле нет строк',
    'students.attributeNotFound': 'Атрибут не найден',
  },
  en: {
    'students.kick.noProgress': 'No progress in studies',
    'students.kick.ownWish': 'At own request',
    'students.kick.academicDebt': 'Academic debt',
    'students.kick.transfer': 'Transfer to another course',
    'students.kick.other': 'Other',
    'students.import.failed': 'The file has errors, nothing was imported',
    'students.import.badFile': 'Upload an xlsx or csv file',
    'students.import.noEmail': 'No e-mail address',
    'students.import.badEmail': 'Invalid e-mail address',
    'students.import.unknownEmail': 'No user with the address {email}',
    'students.import.unknownGroup': 'Group “{group}” not found',
    'students.import.duplicate': 'The address repeats row {row}',
    'students.import.empty': 'The file has no rows',
    'students.attributeNotFound': 'Attribute not found',
  },
});

export const KICK_REASONS = ['noProgress', 'ownWish', 'academicDebt', 'transfer', 'other'] as const;
