import { registerMessages } from '../../i18n/messages.js';

const ru = {
  'knowledgeBase.articleNotFound': 'Статья не найдена',
  'knowledgeBase.pageNotFound': 'Страница не найдена',
  'knowledgeBase.unavailable': 'База знаний недоступна. Повторите попытку позже',
};
const en: typeof ru = {
  'knowledgeBase.articleNotFound': 'Article not found',
  'knowledgeBase.pageNotFound': 'Page not found',
  'knowledgeBase.unavailable': 'The knowledge base is unavailable. Try again later',
};
registerMessages({ ru, en });
