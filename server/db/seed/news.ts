import type { Db } from '../client.js';
import { news } from '../schema/index.js';
import { sanitizeRichText } from '../../richtext/index.js';

const day = 86400_000;

/** Demo news (oldest first): plain text, formatting with a link, and a video embed. Stored sanitised, like anything saved through the API. */
const items: Array<{ title: string; contentValue: string; daysAgo: number }> = [
  {
    title: 'Добро пожаловать в ELP',
    contentValue: '<p>Платформа помогает управлять обучением и организовать работу преподавателей и студентов.</p>',
    daysAgo: 6,
  },
  {
    title: 'Как устроены курсы',
    contentValue:
      '<p>Курс состоит из <b>уроков</b>, уроки — из <i>упражнений</i>, упражнения — из слайдов.</p>' +
      '<ul><li>лекции и тесты;</li><li>задания с проверкой преподавателем;</li><li>вебинары.</li></ul>' +
      '<p>Подробности — в <a href="https://example.org/help">базе знаний</a>.</p>',
    daysAgo: 4,
  },
  {
    title: 'Видео: знакомство с платформой',
    contentValue:
      '<p>Короткий обзор личного кабинета студента.</p>' +
      '<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" width="560" height="315" allowfullscreen></iframe>',
    daysAgo: 2,
  },
  {
    title: 'Открыта запись на весенние курсы',
    contentValue: '<p>Каталог пополнился новыми курсами. Присоединяйтесь!</p>',
    daysAgo: 1,
  },
];

export async function seedNews(db: Db): Promise<void> {
  const now = Date.now();
  await db.insert(news).values(
    items.map((n) => ({ title: n.title, contentValue: sanitizeRichText(n.contentValue), created: new Date(now - n.daysAgo * day) })),
  );
}
