export * from './define';
export * from './paging';
export * from './richText';
export { instructorNews, newsRecord, newsInput, LATEST_NEWS_COUNT, NEWS_TITLE_MAX, NEWS_CONTENT_MAX } from './news';
export type { NewsItem, NewsInput } from './news';

import type { ResourceDeclaration } from './define';
import { instructorNews } from './news';

/** Every declared resource; the client's dataProvider maps calls for these names. */
export const declarations: ResourceDeclaration[] = [instructorNews];
