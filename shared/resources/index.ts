export * from './define';
export * from './paging';
export * from './richText';
export { instructorNews, studentNews, newsRecord, newsInput, LATEST_NEWS_COUNT, NEWS_TITLE_MAX, NEWS_CONTENT_MAX } from './news';
export type { NewsItem, NewsInput } from './news';
export { programResource } from './programs';

import type { ResourceDeclaration } from './define';
import { instructorNews, studentNews } from './news';
import { programResource } from './programs';

/** Every declared resource; the client's dataProvider maps calls for these names. */
export const declarations: ResourceDeclaration[] = [instructorNews, studentNews, programResource];
