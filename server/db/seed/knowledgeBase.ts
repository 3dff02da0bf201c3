import type { Db } from '../client.js';
import { kbArticles } from '../schema/index.js';
import { sanitizeRichText } from '../../richtext/index.js';

/** Demo knowledge-base articles and the /main and /academy pages; stored sanitised, like anything saved through the API. */
const articles = [
  {
    title: 'Как записаться на курс',
    body: '<p>Откройте <strong>Каталог</strong>, выберите курс и нажмите «Записаться». Если курс принимает заявки, дождитесь решения преподавателя: вы получите уведомление.</p>',
  },
  {
    title: 'Как получить сертификат',
    body: '<p>Сертификат выдаёт преподаватель курса после его завершения. Он появится в разделе <strong>Достижения</strong>, а в разделе «Уведомления» придёт сообщение.</p>',
  },
  {
    title: 'Что делать, если не открывается упражнение',
    body: '<ul><li>Проверьте сроки курса и урока.</li><li>Обновите страницу.</li><li>Напишите в поддержку, указав курс и упражнение.</li></ul>',
  },
];

export async function seedKnowledgeBase(db: Db): Promise<void> {
  await db.insert(kbArticles).values(articles.map((a, i) => ({ title: a.title, body: sanitizeRichText(a.body), sequence: i })));
  await db.insert(kbArticles).values([
    { slug: 'main', title: 'ELP', body: sanitizeRichText('<p>Платформа электронного обучения университета.</p>') },
    { slug: 'academy', title: 'Академия', body: sanitizeRichText('<p>Программы дополнительного образования и повышения квалификации.</p>') },
  ]);
}
