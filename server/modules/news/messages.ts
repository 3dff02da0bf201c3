import { registerMessages } from '../../i18n/messages.js';

const ru = {
  'news.notAuthor': 'Редактировать эту новость может её автор или администратор',
};

const en: Record<keyof typeof ru, string> = {
  'news.notAuthor': 'Only the author or an administrator may edit this news item',
};

registerMessages({ ru, en });
