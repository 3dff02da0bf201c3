import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';
import { takeSkipQuery } from '../resources/paging';

/** Knowledge-base article (spec 1 §2.3): title, sanitised HTML body, published flag, order. */
export interface KbArticle {
  id: number;
  title: string;
  body: string;
  isPublished: boolean;
  sequence: number;
  updatedAt: string;
}
export type KbArticleSummary = Omit<KbArticle, 'body'> & { excerpt: string };

export const KB_TITLE_MAX = 300;
export const KB_BODY_MAX = 200_000;
export const KB_QUERY_MAX = 200;

/** The content pages Root edits (spec 1 §2.3 "additional pages"). */
export const CONTENT_PAGES = ['main', 'academy'] as const;
export type ContentPageSlug = (typeof CONTENT_PAGES)[number];

export const kbArticleInput = z.object({
  title: z.string(m.type).trim().min(1, m.required).max(KB_TITLE_MAX, m.tooLong),
  body: z.string(m.type).max(KB_BODY_MAX, m.tooLong),
  isPublished: z.boolean(m.type).default(true),
  sequence: z.number(m.type).int(m.type).min(0, m.tooSmall).max(100_000, m.tooBig).default(0),
});
export type KbArticleInput = z.infer<typeof kbArticleInput>;

export const contentPageInput = z.object({
  title: z.string(m.type).trim().min(1, m.required).max(KB_TITLE_MAX, m.tooLong),
  body: z.string(m.type).max(KB_BODY_MAX, m.tooLong),
});

export const kbListQuery = takeSkipQuery.extend({
  /** words looked up in titles and bodies */
  query: z.string(m.type).trim().max(KB_QUERY_MAX, m.tooLong).optional(),
});

/** Spec 2 §9: the support contacts (chat-bot link, e-mail, phone), each null when not configured. */
export interface SupportContacts {
  chatBotUrl: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * The knowledge base (spec 3 §7.5: list, search with query, article by id; the spec names no
 * paths), its Root editing, the content pages /main and /academy, and the support contacts.
 */
export const knowledgeBaseCalls = defineCalls('knowledgeBase', {
  /** published articles in order (Root: all); `query` searches */
  list: { method: 'GET', path: '/api/knowledge-base/articles', rule: 'signedIn', query: kbListQuery, response: returns<{ result: KbArticleSummary[]; metadata: { filteredRecords: number } }>() },
  get: { method: 'GET', path: '/api/knowledge-base/articles/{articleId}', rule: 'signedIn', response: returns<KbArticle>() },
  create: { method: 'POST', path: '/api/knowledge-base/articles', rule: 'root', body: kbArticleInput, status: 201, response: returns<KbArticle>() },
  update: { method: 'PUT', path: '/api/knowledge-base/articles/{articleId}', rule: 'root', body: kbArticleInput, response: returns<KbArticle>() },
  remove: { method: 'DELETE', path: '/api/knowledge-base/articles/{articleId}', rule: 'root', response: returns<{ ok: boolean }>() },
  page: { method: 'GET', path: '/api/pages/{slug}', rule: 'signedIn', response: returns<{ slug: ContentPageSlug; title: string; body: string }>() },
  savePage: { method: 'PUT', path: '/api/pages/{slug}', rule: 'root', body: contentPageInput, response: returns<{ slug: ContentPageSlug; title: string; body: string }>() },
  supportContacts: { method: 'GET', path: '/api/support/contacts', rule: 'signedIn', response: returns<SupportContacts>() },
});
