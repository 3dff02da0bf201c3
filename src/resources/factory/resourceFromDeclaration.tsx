import type { ComponentType, ReactElement } from 'react';
import { ResourceContextProvider, type ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceDeclaration } from '../../../shared/resources/define';
import { offers, resourceLabel } from '../../../shared/resources/define';
import { DeclaredCreate } from './DeclaredCreate';
import { DeclaredEdit } from './DeclaredEdit';
import { DeclaredList } from './DeclaredList';
import type { ResourcePaths } from './paths';

/** What App.tsx spreads into <Resource> (STYLE: `{ list, edit, create, show, icon, recordRepresentation }`). */
export type ResourceEntry = ResourceProps;

/** A screen at a path react-admin's <Resource> does not generate (for <CustomRoutes>). */
export interface ResourceRoute {
  path: string;
  element: ReactElement;
}

export interface DeclaredResource {
  entry: ResourceEntry;
  /** custom routes for screens at the resource's own paths (empty with react-admin's defaults) */
  routes: ResourceRoute[];
}

export interface ResourceOverrides {
  /** replace a default screen (a file beside the resource's index) */
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /**
   * the resource's own create/edit paths (see paths.ts), registered as routes; `list` is where
   * the screens go back to (its route is the caller's, e.g. a tab of another screen)
   */
  paths?: ResourcePaths;
}

/** A screen outside <Resource>, in its resource's context (what <Resource> gives its own screens). */
const inResource = (name: string, Screen: ComponentType) => (
  <ResourceContextProvider value={name}>
    <Screen />
  </ResourceContextProvider>
);

/**
 * The react-admin resource of a declaration: default List/Edit/Create screens from the
 * declared columns, filters and inputs, each replaceable by an override. Screens exist only
 * for the operations the API offers. Screens at the resource's own paths are routes: below its
 * list path (`/programs/:id/edit`) routes of the resource itself (`children`), elsewhere routes
 * for <CustomRoutes> (wrapped in the resource's context) instead of <Resource> props.
 */
export function resourceFromDeclaration(decl: ResourceDeclaration, overrides: ResourceOverrides = {}): DeclaredResource {
  const paths: ResourcePaths | undefined = overrides.paths;
  const canList = offers(decl, 'getList');
  const canCreate = offers(decl, 'create');
  const canEdit = offers(decl, 'update') && offers(decl, 'getOne');

  const List = overrides.list ?? (canList ? () => <DeclaredList decl={decl} paths={paths} /> : undefined);
  const Create = overrides.create ?? (canCreate ? () => <DeclaredCreate decl={decl} paths={paths} /> : undefined);
  const Edit = overrides.edit ?? (canEdit ? () => <DeclaredEdit decl={decl} paths={paths} /> : undefined);
  const Show = overrides.show;

  const routes: ResourceRoute[] = [];
  const children: ReactElement[] = [];
  const own = `/${decl.name}/`;
  const inContext = (Screen: ComponentType) => inResource(decl.name, Screen);
  for (const [path, Screen] of [[paths?.create, Create], [paths?.edit, Edit], [paths?.show, Show]] as const) {
    if (!path || !Screen) continue;
    if (path.startsWith(own)) children.push(<Route key={path} path={path.slice(own.length)} element={<Screen />} />);
    else routes.push({ path, element: inContext(Screen) });
  }

  return {
    entry: {
      name: decl.name,
      list: List,
      create: paths?.create ? undefined : Create,
      edit: paths?.edit ? undefined : Edit,
      show: paths?.show ? undefined : Show,
      icon: overrides.icon,
      options: { label: resourceLabel(decl) },
      recordRepresentation: decl.ui.recordRepresentation,
      ...(children.length ? { children } : {}),
    },
    routes,
  };
}

/**
 * A declared resource's default screens at paths of its own, the list included, as routes for
 * <CustomRoutes>: a resource without a react-admin <Resource> at /<name>, e.g. /resources/templates.
 */
export function screensAt(decl: ResourceDeclaration, paths: ResourcePaths & { list: string }): ResourceRoute[] {
  const { entry, routes } = resourceFromDeclaration(decl, { paths });
  const List = entry.list as ComponentType | undefined;
  return List ? [{ path: paths.list, element: inResource(decl.name, List) }, ...routes] : routes;
}
