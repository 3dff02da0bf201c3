import { z } from 'zod';
import { defineResource, messages as m } from './define';
import { fromListAnswer } from './paging';

/** News item (spec 2 §3.1): id, title, contentValue (sanitised HTML), created (ISO date-time). */
export const newsRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  contentValue: z.string(),
  created: z.string(),
});
export type NewsItem = z.infer<typeof newsRecord>;

export const NEWS_TITLE_MAX = 255;
export const NEWS_CONTENT_MAX = 100_000;
/** The latest items shown on top of the student's news page and in the detail drawer (spec 1 §2.3, spec 2 §9). */
export const LATEST_NEWS_COUNT = 2;

/** Body of POST /api/instructors/NewsFeed/create and /edit/{id}. Messages are server i18n keys. */
export const newsInput = z.object({
  title: z.string(m.type).trim().min(1, m.required).max(NEWS_TITLE_MAX, m.tooLong),
  contentValue: z.string(m.type).min(1, m.required).max(NEWS_CONTENT_MAX, m.tooLong),
});
export type NewsInput = z.infer<typeof newsInput>;

const ui = {
  recordRepresentation: 'title',
  fields: {
    title: { kind: 'text' },
    contentValue: { kind: 'richText' },
    created: { kind: 'dateTime', readOnly: true },
  },
  list: {
    columns: [{ source: 'title' }, { source: 'created', sortable: false }],
    sort: { field: 'created', order: 'DESC' },
    perPage: 10,
  },
  inputs: ['title', 'contentValue'],
} as const;

/** Instructor news: /instructors-news, /instructors/news/create, /instructors/news/edit/{id} (spec 1 §2.9; spec 3 §7.9). */
export const instructorNews = defineResource({
  name: 'instructors-news',
  schema: { record: newsRecord, create: newsInput },
  rule: 'staff',
  api: {
    conventions: 'spec',
    operations: {
      getList: { method: 'GET', path: '/api/instructors/NewsFeed', response: fromListAnswer },
      getOne: { method: 'GET', path: '/api/instructors/NewsFeed/{id}' },
      create: { method: 'POST', path: '/api/instructors/NewsFeed/create' },
      update: { method: 'POST', path: '/api/instructors/NewsFeed/edit/{id}' },
    },
  },
  ui: { ...ui, list: { ...ui.list, columns: [...ui.list.columns] }, inputs: [...ui.inputs] },
});

/** Student news feed (spec 3 §7.5): read only; shown by the learner page /news, not as an admin resource. */
export const studentNews = defineResource({
  name: 'student-news',
  schema: { record: newsRecord, create: newsInput },
  rule: 'student',
  api: {
    conventions: 'spec',
    operations: {
      getList: { method: 'GET', path: '/api/students/NewsFeed', response: fromListAnswer },
      getOne: { method: 'GET', path: '/api/students/NewsFeed/{id}' },
    },
  },
  ui: { ...ui, list: { ...ui.list, columns: [...ui.list.columns] }, inputs: [...ui.inputs] },
});
