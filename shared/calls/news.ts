import { z } from 'zod';
import { defineCalls } from '../http/call';
import { messages as m } from '../resources/define';
import { listAnswerOf, takeSkipQuery } from '../resources/paging';

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


const list = listAnswerOf(newsRecord);

/** News (spec 3 §7.5 for students, §7.9 for instructors): instructors publish, students read. */
export const newsCalls = defineCalls('news', {
  instructorList: { method: 'GET', path: '/api/instructors/NewsFeed', rule: 'staff', query: takeSkipQuery, response: list },
  instructorGet: { method: 'GET', path: '/api/instructors/NewsFeed/{id}', rule: 'staff', response: newsRecord },
  create: { method: 'POST', path: '/api/instructors/NewsFeed/create', rule: 'staff', body: newsInput, status: 201, response: newsRecord },
  /** an item is changed by its author, or with the rule 'newsOfOthers' (checked by the server) */
  update: { method: 'POST', path: '/api/instructors/NewsFeed/edit/{id}', rule: 'staff', body: newsInput, response: newsRecord },
  studentList: { method: 'GET', path: '/api/students/NewsFeed', rule: 'student', query: takeSkipQuery, response: list },
  studentGet: { method: 'GET', path: '/api/students/NewsFeed/{id}', rule: 'student', response: newsRecord },
});
