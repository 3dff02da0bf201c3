import { registerMessages } from '../../i18n/messages.js';

/** Texts of the SCORM player's calls (our own: the spec leaves SCORM 'in development'). */
const ru = {
  'study.scormNotFound': 'SCORM-пакет упражнения не найден',
  'study.scormCmiTooLarge': 'Данные SCORM слишком велики (не более {max} КБ)',
  'study.scormUnknownSco': 'В пакете нет такого SCO',
  'study.scormNotAllowed': 'Правила пакета не разрешают перейти к этой части урока',
};

const en: Record<keyof typeof ru, string> = {
  'study.scormNotFound': "The exercise's SCORM package was not found",
  'study.scormCmiTooLarge': 'The SCORM data is too large (at most {max} KB)',
  'study.scormUnknownSco': 'The package has no such SCO',
  'study.scormNotAllowed': "The package's rules do not allow going to this part of the lesson",
};

registerMessages({ ru, en });
