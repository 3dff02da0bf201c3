import { newsCalls, newsInput, newsRecord } from '../calls/news';
import { defineResource } from './define';
import { fromListAnswer } from './paging';

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
    conventions: 'calls',
    operations: {
      getList: { call: newsCalls.instructorList, response: fromListAnswer },
      getOne: { call: newsCalls.instructorGet },
      create: { call: newsCalls.create },
      update: { call: newsCalls.update },
    },
  },
  ui: { ...ui, list: { ...ui.list, columns: [...ui.list.columns] }, inputs: [...ui.inputs] },
});

export { newsRecord, newsInput, LATEST_NEWS_COUNT, NEWS_TITLE_MAX, NEWS_CONTENT_MAX, type NewsItem, type NewsInput } from '../calls/news';
