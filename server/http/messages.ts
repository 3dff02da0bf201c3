import { registerMessages } from '../i18n/messages.js';

/** Texts of the request checks every call passes (origin, body type, NUL bytes). */
const ru = {
  'http.crossOrigin': 'Запрос отправлен с другого сайта и отклонён',
  'http.bodyType': 'Этот вызов принимает данные только в формате JSON',
  'validation.nulByte': 'Значение содержит недопустимый символ (NUL)',
};

const en: Record<keyof typeof ru, string> = {
  'http.crossOrigin': 'The request came from another site and was refused',
  'http.bodyType': 'This call accepts JSON data only',
  'validation.nulByte': 'The value contains a forbidden character (NUL)',
};

registerMessages({ ru, en });
