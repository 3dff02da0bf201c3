import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_PAGES, knowledgeBaseCalls, type ContentPageSlug } from '../../../shared/calls/knowledgeBase.js';
import { kbArticles } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { sanitizeRichText } from '../../richtext/index.js';
import { currentUser } from '../../auth/context.js';
import { article, builtinProvider, externalProvider } from './provider.js';
import './messages.js';

const articleNotFound = () => notFound('ArticleNotFound', { title: 'knowledgeBase.articleNotFound' });
const pageNotFound = () => notFound('PageNotFound', { title: 'knowledgeBase.pageNotFound' });
const slugOf = (raw: string): ContentPageSlug => {
  const slug = raw.toLowerCase();
  if (!(CONTENT_PAGES as readonly string[]).includes(slug)) throw pageNotFound();
  return slug as ContentPageSlug;
};

/**
 * Knowledge base (spec 1 §2.3, spec 3 §7.5) through its provider, the built-in articles' editing
 * by Root (bodies sanitised before they are stored), the content pages /main and /academy, and
 * the support widget's contacts (spec 2 §9, from the configuration).
 */
export const knowledgeBaseModule: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const provider = config.KNOWLEDGE_BASE === 'external' ? externalProvider() : builtinProvider(db);
  // Root writes the articles and sees the unpublished ones too
  const withDrafts = (role: string) => role === 'Root';

  route(app, knowledgeBaseCalls.list, async (request) => {
    const { query, take, skip } = request.query;
    const { result, total } = await provider.list({ query, take, skip, withDrafts: withDrafts(currentUser(request).role) });
    return { result, metadata: { filteredRecords: total } };
  });

  route(app, knowledgeBaseCalls.get, async (request) => {
    const id = parseIntId(request.params.articleId);
    const found = id === null ? null : await provider.get(id, withDrafts(currentUser(request).role));
    if (!found) throw articleNotFound();
    return found;
  });

  route(app, knowledgeBaseCalls.create, async (request, reply) => {
    const b = request.body;
    const [row] = await db
      .insert(kbArticles)
      .values({ title: b.title, body: sanitizeRichText(b.body), isPublished: b.isPublished, sequence: b.sequence, updatedBy: currentUser(request).accountId })
      .returning();
    return reply.status(201).send(article(row));
  });

  route(app, knowledgeBaseCalls.update, async (request) => {
    const id = parseIntId(request.params.articleId);
    const b = request.body;
    const [row] = id === null ? [] : await db
      .update(kbArticles)
      .set({ title: b.title, body: sanitizeRichText(b.body), isPublished: b.isPublished, sequence: b.sequence, updatedBy: currentUser(request).accountId, updatedAt: new Date() })
      .where(and(eq(kbArticles.id, id), isNull(kbArticles.slug)))
      .returning();
    if (!row) throw articleNotFound();
    return article(row);
  });

  route(app, knowledgeBaseCalls.remove, async (request) => {
    const id = parseIntId(request.params.articleId);
    const gone = id === null ? [] : await db.delete(kbArticles).where(and(eq(kbArticles.id, id), isNull(kbArticles.slug))).returning({ id: kbArticles.id });
    if (gone.length === 0) throw articleNotFound();
    return { ok: true };
  });

  route(app, knowledgeBaseCalls.page, async (request) => {
    const slug = slugOf(request.params.slug);
    const [row] = await db.select().from(kbArticles).where(eq(kbArticles.slug, slug));
    // a page Root has not written yet is empty, not missing
    return { slug, title: row?.title ?? '', body: row?.body ?? '' };
  });

  route(app, knowledgeBaseCalls.savePage, async (request) => {
    const slug = slugOf(request.params.slug);
    const values = { title: request.body.title, body: sanitizeRichText(request.body.body), updatedBy: currentUser(request).accountId, updatedAt: new Date() };
    const [row] = await db.insert(kbArticles).values({ slug, ...values }).onConflictDoUpdate({ target: kbArticles.slug, set: values }).returning();
    return { slug, title: row.title, body: row.body };
  });

  route(app, knowledgeBaseCalls.supportContacts, async () => ({
    chatBotUrl: config.SUPPORT_CHAT_BOT_URL ?? null,
    email: config.SUPPORT_EMAIL ?? null,
    phone: config.SUPPORT_PHONE ?? null,
  }));
};
