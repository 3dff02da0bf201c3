import type { Db } from '../client.js';
import { news } from '../schema/index.js';

export async function seedNews(db: Db): Promise<void> {
  await db.insert(news).values([
    {
      title: 'Добро пожаловать в ELP',
      contentValue: '<p>Платформа помогает управлять обучением и организовать работу преподавателей и студентов.</p>',
      created: new Date(Date.now() - 2 * 86400_000),
    },
    {
      title: 'Открыта запись на весенние курсы',
      contentValue: '<p>Каталог пополнился новыми курсами. Присоединяйтесь!</p>',
      created: new Date(Date.now() - 86400_000),
    },
  ]);
}
