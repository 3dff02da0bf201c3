import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * Knowledge-base articles of the built-in provider (spec 1 §2.3), written by Root. A row with a
 * slug is a content page instead (`/main`, `/academy`): not listed or found by the article calls.
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'main' | 'academy' for the content pages; null for an article */
    slug: text('slug'),
    title: text('title').notNull(),
    /** sanitised HTML */
    body: text('body').notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    sequence: integer('sequence').notNull().default(0),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kb_articles_slug_idx').on(t.slug), index('kb_articles_sequence_idx').on(t.sequence, t.id)],
);
