import type { Identifier } from '../../../shared/resources/define';

/**
 * Where a resource's screens live. react-admin's defaults are /<name>, /<name>/create and
 * /<name>/<id>; a resource whose spec routes differ (News: /instructors/news/create,
 * /instructors/news/edit/{id}) declares its own, and the factory registers them as custom
 * routes.
 */
export interface ResourcePaths {
  list?: string;
  create?: string;
  /** with `:id` */
  edit?: string;
}

export function editPath(name: string, paths: ResourcePaths | undefined, id: Identifier): string {
  return paths?.edit ? paths.edit.replace(':id', encodeURIComponent(String(id))) : `/${name}/${encodeURIComponent(String(id))}`;
}

export function createPath(name: string, paths: ResourcePaths | undefined): string {
  return paths?.create ?? `/${name}/create`;
}

export function listPath(name: string, paths: ResourcePaths | undefined): string {
  return paths?.list ?? `/${name}`;
}
