import { registerMessages } from '../i18n/messages.js';

/** Texts of the request checks every call passes (origin, body type, NUL bytes). */
const ru = {
  'http.crossOrigin': 'Запрос отправлен с другого сайта и отклонён',
  'http.bodyType': 'Этот вызов принимает данные только в формате JSON',
  'validation.nulByte': 'Значение содержит недопустимый символ (NUL)',
  'http.idempotency.badKey': 'Заголовок Idempotency-Key должен быть случайным ключом (UUID)',
  'http.idempotency.otherBody': 'Этот ключ повтора уже использован для другого запроса. Отправьте новый запрос с новым ключом',
  'http.idempotency.inProgress': 'Этот запрос ещё выполняется. Повторите через несколько секунд',
};

const en: Record<keyof typeof ru, string> = {
  'http.crossOrigin': 'The request came from another site and was refused',
  'http.bodyType': 'This call accepts JSON data only',
  'validation.nulByte': 'The value contains a forbidden character (NUL)',
  'http.idempotency.badKey': 'The Idempotency-Key header must be a random key (a UUID)',
  'http.idempotency.otherBody': 'This retry key was already used for another request. Send the new request with a new key',
  'http.idempotency.inProgress': 'This request is still running. Try again in a few seconds',
};

registerMessages({ ru, en });
