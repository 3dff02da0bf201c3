import type { DeclaredResource, ResourceEntry, ResourceRoute } from './factory';
import { news } from './news';
import { programs } from './programs';
import { questionBanks } from './questions';
import { courses } from './courses';
import { applicationRoutes } from './runningCourses/routes';
import { createElement } from 'react';

export type { ResourceEntry, ResourceRoute } from './factory';
export { resourceMessages } from './i18n';

/**
 * The admin resources App.tsx declares as <Resource>s (ARCHITECTURE §4: one folder each,
 * built from a declaration in src/shared/resources by resourceFromDeclaration, its index
 * exporting the result). A resource's path is `/<name>`; the shared permission table
 * guards it like any page.
 */
const declared: DeclaredResource[] = [news];

/** Spread each into <Resource>; its list path is `/<name>`. */
export const resources: ResourceEntry[] = [...declared.map((r) => r.entry), programs, questionBanks, courses];

/**
 * Screens at the resources' own spec paths (News: /instructors/news/create and
 * /instructors/news/edit/:id): render inside <CustomRoutes> (with the layout).
 */
export const resourceRoutes: ResourceRoute[] = [
  ...declared.flatMap((r) => r.routes),
  ...applicationRoutes.map(([path, Page]) => ({ path, element: createElement(Page) })),
];
