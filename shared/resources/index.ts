export * from './define';
export * from './paging';
export * from './richText';
export { instructorNews, studentNews, newsRecord, newsInput, LATEST_NEWS_COUNT, NEWS_TITLE_MAX, NEWS_CONTENT_MAX } from './news';
export type { NewsItem, NewsInput } from './news';

import type { ResourceDeclaration } from './define';
import { instructorNews, studentNews } from './news';

/** Every resource declared up front; the client's dataProvider maps calls for these names. */
export const declarations: ResourceDeclaration[] = [instructorNews, studentNews];

/**
 * Resources whose declarations load with their screens, so that a student's first load does not
 * carry them: the names (the dataProvider knows where to look), then the module that declares them.
 * tests/unit/lazyDeclarations.test.ts checks the names against the loaded declarations.
 */
export interface LazyDeclarations {
  names: readonly string[];
  load: () => Promise<ResourceDeclaration[]>;
}

export const lazyDeclarations: LazyDeclarations[] = [
  {
    names: ['course-students', 'course-expelled-students', 'groups', 'course-instructors', 'invitations', 'certificates', 'course-links', 'applications-enrollment', 'applications-expulsion'],
    load: () => import('./runningACourse').then((m) => m.runningACourse),
  },
];
