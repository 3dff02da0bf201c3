import { count, desc, eq } from 'drizzle-orm';
import type { ListAnswer } from '../../../shared/account.js';
import { allows } from '../../../shared/permissions.js';
import { instructorNews, type NewsInput, type NewsItem } from '../../../shared/resources/news.js';
import type { TakeSkip } from '../../../shared/resources/paging.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { news } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { toRecord } from '../../resources/records.js';
import './messages.js';

/** News for both sides: instructors publish and edit, students read (spec 3 §7.5, §7.9). */

const item = (row: typeof news.$inferSelect) => toRecord<NewsItem>(instructorNews, row);

/** Newest first; the id breaks ties so take/skip pages never overlap. */
export async function listNews(db: Db, { take, skip }: TakeSkip): Promise<ListAnswer<NewsItem>> {
  const [{ total }] = await db.select({ total: count() }).from(news);
  const rows = await db.select().from(news).orderBy(desc(news.created), desc(news.id)).limit(take).offset(skip);
  return { result: rows.map(item), metadata: { filteredRecords: total } };
}

export async function getNews(db: Db, id: number | null): Promise<NewsItem> {
  if (id === null) throw notFound('NewsNotFound');
  const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  if (!row) throw notFound('NewsNotFound');
  return item(row);
}

/** Input must already be validated and sanitised (sanitizeInput). */
export async function createNews(db: Db, input: NewsInput, authorId: number): Promise<NewsItem> {
  const [row] = await db.insert(news).values({ title: input.title, contentValue: input.contentValue, authorId }).returning();
  return item(row);
}

/** Its author, an instructor with the flag of rule 'newsOfOthers', or Root edits a news item. */
export function mayEditNews(user: AuthUser, authorId: number | null): boolean {
  return authorId === user.accountId || allows(user, 'newsOfOthers');
}

export async function updateNews(db: Db, id: number | null, input: NewsInput, user: AuthUser): Promise<NewsItem> {
  if (id === null) throw notFound('NewsNotFound');
  const [current] = await db.select({ authorId: news.authorId }).from(news).where(eq(news.id, id)).limit(1);
  if (!current) throw notFound('NewsNotFound');
  if (!mayEditNews(user, current.authorId)) throw forbidden('Forbidden', { description: 'news.notAuthor' });
  const [row] = await db
    .update(news)
    .set({ title: input.title, contentValue: input.contentValue, updated: new Date() })
    .where(eq(news.id, id))
    .returning();
  if (!row) throw notFound('NewsNotFound');
  return item(row);
}
