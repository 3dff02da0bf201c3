import { count, desc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ListAnswer } from '../../../shared/account.js';
import { allows } from '../../../shared/permissions.js';
import { instructorNews, type NewsInput, type NewsItem } from '../../../shared/resources/news.js';
import type { TakeSkip } from '../../../shared/resources/paging.js';
import type { AuthUser } from '../../auth/context.js';
import { invalidate, onInvalidate } from '../../cache/invalidation.js';
import type { Db } from '../../db/client.js';
import { news } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { toRecord } from '../../resources/records.js';
import './messages.js';

/** News for both sides: instructors publish and edit, students read (spec 3 §7.5, §7.9). */

const item = (row: typeof news.$inferSelect) => toRecord<NewsItem>(instructorNews, row);

/**
 * The news pages, remembered: every student's news page and drawer read the same few pages, and
 * on PGlite the two queries of a page were nearly all of the call (about 1.7 ms, 600 calls a second).
 * Publishing or editing an item forgets them in every process at once (server/cache/invalidation.ts);
 * a direct database edit shows within NEWS_CACHE_TTL_MS.
 */
export const NEWS_CACHE_TTL_MS = 60_000;
const NEWS_TOPIC = 'news';
interface NewsCache {
  pages: LRUCache<string, ListAnswer<NewsItem>>;
  /** counts invalidations: a read that began before one is not remembered */
  generation: number;
}
const newsCaches = new WeakMap<Db, NewsCache>();
const newsCacheOf = (db: Db): NewsCache => {
  let c = newsCaches.get(db);
  if (!c) newsCaches.set(db, (c = { pages: new LRUCache({ max: 200, ttl: NEWS_CACHE_TTL_MS }), generation: 0 }));
  return c;
};
onInvalidate(NEWS_TOPIC, (db) => {
  const c = newsCaches.get(db);
  if (!c) return;
  c.generation++;
  c.pages.clear();
});

/** Newest first; the id breaks ties so take/skip pages never overlap. */
export async function listNews(db: Db, { take, skip }: TakeSkip): Promise<ListAnswer<NewsItem>> {
  const cache = newsCacheOf(db);
  const key = `${take}:${skip}`;
  const hit = cache.pages.get(key);
  if (hit) return hit;
  const generation = cache.generation;
  const [{ total }] = await db.select({ total: count() }).from(news);
  const rows = await db.select().from(news).orderBy(desc(news.created), desc(news.id)).limit(take).offset(skip);
  const page = { result: rows.map(item), metadata: { filteredRecords: total } };
  if (cache.generation === generation) cache.pages.set(key, page);
  return page;
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
  invalidate(db, NEWS_TOPIC, '*');
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
  invalidate(db, NEWS_TOPIC, '*');
  return item(row);
}
