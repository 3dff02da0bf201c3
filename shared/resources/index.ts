export * from './define';
export * from './paging';
export * from './richText';
export { instructorNews, newsRecord, newsInput, LATEST_NEWS_COUNT, NEWS_TITLE_MAX, NEWS_CONTENT_MAX } from './news';
export type { NewsItem, NewsInput } from './news';

import type { DeclarationGroup, ResourceDeclaration } from './define';
import { instructorNews } from './news';

/** Every declared resource; the client's dataProvider maps calls for these names. */
export const declarations: ResourceDeclaration[] = [instructorNews];

/** Declared resources loaded on first use (tests/unit/dataProvider.test.tsx checks the names). */
export const declarationGroups: DeclarationGroup[] = [
  { names: ['programs'], load: () => import('./programs').then((m) => [m.programResource]) },
  {
    names: ['courses', 'all-courses', 'course-groups'],
    load: () => Promise.all([import('./courses'), import('./courseGroups')]).then(([c, g]) => [c.courses, c.allCourses, g.courseGroups]),
  },
  {
    names: ['closed-questions', 'free-questions', 'matching-questions', 'sequence-questions', 'code-questions', 'closed-question-answers'],
    load: () => import('./questions').then((m) => [...Object.values(m.questionBanks), m.closedQuestionAnswers]),
  },
  {
    names: ['course-students', 'course-expelled-students', 'groups', 'course-instructors', 'invitations', 'certificates', 'course-links', 'applications-enrollment', 'applications-expulsion'],
    load: () => import('./runningACourse').then((m) => m.runningACourse),
  },
  { names: ['expulsion-templates'], load: () => import('./expulsionTemplates').then((m) => [m.expulsionTemplates]) },
  { names: ['course-conditions'], load: () => import('./conditions').then((m) => [m.courseConditionResource]) },
  { names: ['resource-links'], load: () => import('./resourceLinks').then((m) => [m.resourceLinks]) },
  { names: ['instructor-catalog'], load: () => import('./instructorCatalog').then((m) => [m.instructorCatalog]) },
  { names: ['audit-journal', 'course-profile-changes'], load: () => import('./audit').then((m) => [m.auditJournal, m.courseProfileChanges]) },
  { names: ['support-users'], load: () => import('./supportUsers').then((m) => [m.supportUsers]) },
  { names: ['confirmed-codes'], load: () => import('./confirmedCodes').then((m) => [m.confirmedCodes]) },
  { names: ['tasks'], load: () => import('./tasks').then((m) => [m.tasks]) },
  { names: ['progress-check'], load: () => import('./progressCheck').then((m) => [m.progressCheck]) },
];

/** A declaration by its name, loading its group when it is not declared up front. */
export async function declarationNamed(name: string): Promise<ResourceDeclaration | undefined> {
  const group = declarationGroups.find((g) => g.names.includes(name));
  return (group ? await group.load() : declarations).find((d) => d.name === name);
}
