import type { ComponentType, ReactElement } from 'react';
import { ResourceContextProvider, type ResourceProps } from 'react-admin';
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
  /** the resource's own paths (see paths.ts): create and edit become routes; the list path is where they go back to */
  paths?: ResourcePaths;
}

/**
 * The react-admin resource of a declaration: default List/Edit/Create screens from the
 * declared columns, filters and inputs, each replaceable by an override. Screens exist only
 * for the operations the API offers. With custom create/edit paths, those screens are
 * returned as routes (wrapped in the resource's context) instead of <Resource> props.
 */
export function resourceFromDeclaration(decl: ResourceDeclaration, overrides: ResourceOverrides = {}): DeclaredResource {
  const paths: ResourcePaths | undefined = overrides.paths;
  const canList = offers(decl, 'getList');
  const canCreate = offers(decl, 'create');
  const canEdit = offers(decl, 'update') && offers(decl, 'getOne');

  const List = overrides.list ?? (canList ? () => <DeclaredList decl={decl} paths={paths} /> : undefined);
  const Create = overrides.create ?? (canCreate ? () => <DeclaredCreate decl={decl} paths={paths} /> : undefined);
  const Edit = overrides.edit ?? (canEdit ? () => <DeclaredEdit decl={decl} paths={paths} /> : undefined);

  const routes: ResourceRoute[] = [];
  const inContext = (Screen: ComponentType) => (
    <ResourceContextProvider value={decl.name}>
      <Screen />
    </ResourceContextProvider>
  );
  if (Create && paths?.create) routes.push({ path: paths.create, element: inContext(Create) });
  if (Edit && paths?.edit) routes.push({ path: paths.edit, element: inContext(Edit) });

  return {
    entry: {
      name: decl.name,
      list: List,
      create: paths?.create ? undefined : Create,
      edit: paths?.edit ? undefined : Edit,
      show: overrides.show,
      icon: overrides.icon,
      options: { label: resourceLabel(decl) },
      recordRepresentation: decl.ui.recordRepresentation,
    },
    routes,
  };
}
