import { registerMessages } from '../i18n/messages.js';

/** Texts of the content origin's answers (SCORM package files). */
const ru = {
  'content.fileNotFound': 'Файл SCORM-пакета не найден',
  'content.linkExpired': 'Ссылка на материалы урока устарела: откройте упражнение заново',
};

const en: Record<keyof typeof ru, string> = {
  'content.fileNotFound': 'The SCORM package file was not found',
  'content.linkExpired': 'The link to the lesson materials has expired: open the exercise again',
};

registerMessages({ ru, en });
