import { useParams } from 'react-router-dom';
import type { Identifier, ResourceDeclaration } from '../../../shared/resources/define';

/**
 * Where a resource's screens live. react-admin's defaults are /<name>, /<name>/create and
 * /<name>/<id>; a resource whose spec routes differ (News: /instructors/news/create,
 * /instructors/news/edit/{id}; a course's records: /courses/:courseId/…) declares its own, and
 * the factory registers them as custom routes. Scope parameters (`:courseId`) are filled from
 * the current route.
 */
export interface ResourcePaths {
  list?: string;
  create?: string;
  /** with `:id` */
  edit?: string;
  /** with `:id`; when set, rows open it and saving goes to it (the record's page, e.g. /programs/:id) */
  show?: string;
}

export type Scope = Record<string, Identifier>;

/** A route pattern with its `:name` parameters filled (those without a value stay). */
export const fillRoute = (pattern: string, values: Scope) => pattern.replace(/:(\w+)/g, (m, name: string) => (values[name] === undefined ? m : encodeURIComponent(String(values[name]))));

export function editPath(name: string, paths: ResourcePaths | undefined, id: Identifier, scope: Scope = {}): string {
  return paths?.edit ? fillRoute(paths.edit, { ...scope, id }) : `/${name}/${encodeURIComponent(String(id))}`;
}

export function showPath(name: string, paths: ResourcePaths | undefined, id: Identifier, scope: Scope = {}): string {
  return paths?.show ? fillRoute(paths.show, { ...scope, id }) : `/${name}/${encodeURIComponent(String(id))}/show`;
}

/** After a save: the record's own page when the resource has one at its paths, else the list. */
export function afterSavePath(name: string, paths: ResourcePaths | undefined, scope: Scope = {}) {
  return (_resource: string | undefined, id?: Identifier) => (paths?.show && id !== undefined ? showPath(name, paths, id, scope) : listPath(name, paths, scope));
}

export function createPath(name: string, paths: ResourcePaths | undefined, scope: Scope = {}): string {
  return paths?.create ? fillRoute(paths.create, scope) : `/${name}/create`;
}

export function listPath(name: string, paths: ResourcePaths | undefined, scope: Scope = {}): string {
  return paths?.list ? fillRoute(paths.list, scope) : `/${name}`;
}

/** The scope values of a scoped resource, from the route the screen is at (`/courses/:courseId/…`). */
export function useScope(decl: ResourceDeclaration): Scope {
  const params = useParams();
  const scope: Scope = {};
  for (const name of decl.scope ?? []) if (params[name] !== undefined) scope[name] = params[name];
  return scope;
}

/** What a scoped screen passes to the dataProvider (`meta.scope`); nothing for a resource without scope. */
export const scopeMeta = (scope: Scope) => (Object.keys(scope).length ? { meta: { scope } } : {});
