import type { FilterSpec, HttpRequestParts, Identifier, ListRequest, ResourceDeclaration } from '../../shared/resources/define';

/**
 * Small pure transforms between react-admin's calls and the spec's HTTP calls.
 * Each is unit-tested (tests/unit/dataProvider.transforms.test.ts).
 */

export interface Pagination {
  page: number;
  perPage: number;
}

/** react-admin's page/perPage (page from 1) → take/skip. */
export function toTakeSkip(pagination: Pagination | undefined, defaultTake = 10): { take: number; skip: number } {
  const perPage = pagination?.perPage && pagination.perPage > 0 ? pagination.perPage : defaultTake;
  const page = pagination?.page && pagination.page > 0 ? pagination.page : 1;
  return { take: perPage, skip: (page - 1) * perPage };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Keeps the declared filters (and `id`, used by getMany) with a value; trims search text. */
export function cleanFilter(filter: Record<string, unknown> | undefined, declared: ReadonlyArray<FilterSpec>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const bySource = new Map(declared.map((f) => [f.source, f]));
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (isEmpty(value)) continue;
    const spec = bySource.get(key);
    if (key !== 'id' && !spec) continue;
    if (spec?.op === 'search' && typeof value === 'string') {
      if (value.trim() === '') continue;
      out[key] = value.trim();
    } else out[key] = value;
  }
  return out;
}

/** getList params → the list request of a spec-path resource. */
export function toListRequest(
  decl: ResourceDeclaration,
  params: { pagination?: Pagination; sort?: { field: string; order: string }; filter?: Record<string, unknown> },
): ListRequest {
  const sort = params.sort?.field ? { field: params.sort.field, order: params.sort.order === 'DESC' ? 'DESC' as const : 'ASC' as const } : undefined;
  return {
    ...toTakeSkip(params.pagination, decl.ui.list.perPage),
    sort,
    filter: cleanFilter(params.filter, decl.ui.list.filters ?? []),
  };
}

/** The default query of a take/skip list call: take, skip and the filter values. */
export function defaultListQuery(req: ListRequest): HttpRequestParts {
  const query: NonNullable<HttpRequestParts['query']> = { take: req.take, skip: req.skip };
  for (const [k, v] of Object.entries(req.filter)) {
    query[k] = typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean);
  }
  return { query };
}

/** `?a=1&b=x`, a list repeating its key (`?t=1&t=2`); undefined values are left out. */
export function toQueryString(query: HttpRequestParts['query']): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else search.append(k, String(v));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

/**
 * Form data → request body: only the input schema's fields. react-admin sends the whole
 * record (id, created ...) on update; read-only fields are not the server's input.
 */
export function pickInput(data: Record<string, unknown>, schema: ResourceDeclaration['schema']['create']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) if (key in data && data[key] !== undefined) out[key] = data[key];
  return out;
}

/** A record as react-admin needs it: an object with an id. */
export function toRecord<R extends { id: Identifier }>(json: unknown, resource: string): R {
  if (!json || typeof json !== 'object' || !('id' in json) || (json as { id: unknown }).id == null) {
    throw new Error(`${resource}: the answer is not a record with an id`);
  }
  return json as R;
}

/** `/api/admin/link-templates` → apiUrl `/api/admin`, resource `link-templates` (ra-data-simple-rest's split). */
export function splitBasePath(basePath: string, origin = ''): { apiUrl: string; resource: string } {
  const clean = basePath.replace(/\/+$/, '');
  const i = clean.lastIndexOf('/');
  return { apiUrl: `${origin}${clean.slice(0, i)}`, resource: clean.slice(i + 1) };
}
