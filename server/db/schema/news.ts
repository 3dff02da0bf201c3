import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** A news item, published by instructors for students (spec 2 §3.1: id, title, contentValue, created). */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** sanitised HTML */
    contentValue: text('content_value').notNull(),
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_created_idx').on(t.created)],
);
