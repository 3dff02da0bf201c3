import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { KbArticle, KbArticleSummary } from '../../../shared/calls/knowledgeBase.js';
import type { Db } from '../../db/client.js';
import { kbArticles } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { sanitizePlainText } from '../../richtext/index.js';

/**
 * Where the knowledge base comes from. The spec's is an external support service with no paths
 * given (spec 3 §7.5); ELP ships the built-in one (articles Root writes) and keeps the reads
 * behind this interface so that an external service can be plugged in (KNOWLEDGE_BASE=external).
 */
export interface KnowledgeBaseProvider {
  /** the articles a reader sees, in order; `query` searches titles and bodies */
  list(o: { query?: string; take: number; skip: number; withDrafts: boolean }): Promise<{ result: KbArticleSummary[]; total: number }>;
  /** one article, or null when there is none the reader may see */
  get(id: number, withDrafts: boolean): Promise<KbArticle | null>;
}

const EXCERPT = 200;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
type Row = typeof kbArticles.$inferSelect;

export const article = (r: Row): KbArticle => ({ id: r.id, title: r.title, body: r.body, isPublished: r.isPublished, sequence: r.sequence, updatedAt: r.updatedAt.toISOString() });

/** The built-in provider: the kb_articles rows without a slug (those are content pages). */
export function builtinProvider(db: Db): KnowledgeBaseProvider {
  const visible = (withDrafts: boolean): SQL => and(isNull(kbArticles.slug), withDrafts ? undefined : eq(kbArticles.isPublished, true))!;
  return {
    async list({ query, take, skip, withDrafts }) {
      const words = (query ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
      // every word in the title or the body
      const where = and(visible(withDrafts), ...words.map((w) => or(ilike(kbArticles.title, like(w)), ilike(kbArticles.body, like(w)))));
      const [rows, [total]] = await Promise.all([
        db.select().from(kbArticles).where(where).orderBy(asc(kbArticles.sequence), asc(kbArticles.id)).limit(take).offset(skip),
        db.select({ n: count() }).from(kbArticles).where(where),
      ]);
      return {
        result: rows.map((r) => {
          const { body, ...rest } = article(r);
          return { ...rest, excerpt: sanitizePlainText(body).slice(0, EXCERPT) };
        }),
        total: total.n,
      };
    },
    async get(id, withDrafts) {
      const [row] = await db.select().from(kbArticles).where(and(eq(kbArticles.id, id), visible(withDrafts)));
      return row ? article(row) : null;
    },
  };
}

/** KNOWLEDGE_BASE=external: the adapter is not built; the pages show their error state with retry. */
export function externalProvider(): KnowledgeBaseProvider {
  const unavailable = () => new AppError(503, 'KnowledgeBaseUnavailable', { title: 'knowledgeBase.unavailable' });
  return {
    list: () => Promise.reject(unavailable()),
    get: () => Promise.reject(unavailable()),
  };
}
