import { lazy } from 'react';
import type { ResourceRoute } from './factory/resourceFromDeclaration';
import type { ResourcePaths } from './factory/paths';
import { loadLazyTexts } from '../i18n/lazyTexts';

/** A screen at its own path, loaded on first visit with the module holding it (one chunk per folder). */
export function lazyRoute(path: string, load: () => Promise<ResourceRoute[]>): ResourceRoute {
  const Screen = lazy(async () => {
    const route = (await Promise.all([load(), loadLazyTexts()]))[0].find((r) => r.path === path);
    if (!route) throw new Error(`no screen at ${path}`);
    return { default: () => route.element };
  });
  return { path, element: <Screen /> };
}

/** A resource whose screens sit under /resources: the sections the /resources page links to. */
export interface ResourceSection {
  name: string;
  path: string;
}
export const resourceSections: ResourceSection[] = [];

/**
 * The default screens of a declared resource at paths of its own (list, create, edit), built
 * from its declaration on the first visit: declaring the resource and naming its paths here is
 * all a plain resource needs on the client. Neither the declaration nor the screens are in the
 * first load. A list under /resources/ is also a section of the /resources page.
 */
export function declaredRoutes(name: string, paths: ResourcePaths & { list: string }): ResourceRoute[] {
  let screens: Promise<ResourceRoute[]> | undefined;
  const load = () =>
    (screens ??= Promise.all([import('./factory'), import('../../shared/resources').then((m) => m.declarationNamed(name))]).then(([factory, decl]) => {
      if (!decl) throw new Error(`no declaration named ${name}`);
      return factory.screensAt(decl, paths);
    }));
  if (paths.list.startsWith('/resources/')) resourceSections.push({ name, path: paths.list });
  return [paths.list, paths.create, paths.edit].filter((p): p is string => !!p).map((path) => lazyRoute(path, load));
}
