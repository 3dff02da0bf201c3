import { createElement, isValidElement, lazy, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import type { ScreenPath } from '../../../shared/screens';
import type { DeclaredResource } from './resourceFromDeclaration';

/** A page of the screen table (shared/screens.ts, which also holds the rule guarding it): its full path and its screen. */
export type ScreenRoute = readonly [path: ScreenPath, screen: ComponentType];

/**
 * The screens of a declared resource that lives inside another screen's routes (a course's
 * records under /courses/:courseId/…), loaded on first visit: its list, and the screen at one of
 * its own paths (create, edit), each in the resource's context.
 */
export function lazyScreens(load: () => Promise<DeclaredResource>) {
  return {
    list: lazy(async () => {
      const { entry } = await load();
      const list = entry.list;
      return {
        default: () => <ResourceContextProvider value={entry.name}>{isValidElement(list) ? list : list ? createElement(list as ComponentType) : null}</ResourceContextProvider>,
      };
    }),
    at: (path: string) =>
      lazy(async () => {
        const { entry, routes } = await load();
        const route = routes.find((r) => r.path === path);
        if (!route) throw new Error(`${entry.name}: no screen at ${path}`);
        return { default: () => route.element };
      }),
  };
}

/** Screen rows under /courses as the courses resource's own (relative) routes. */
export const underCourses = (routes: readonly ScreenRoute[]) =>
  routes.map(([path, screen]) => [path.replace(/^\/courses\//, ''), screen] as const);
