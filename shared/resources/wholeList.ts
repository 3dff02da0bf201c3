import type { ListRequest, ListResult } from './define';

/**
 * A call that answers the whole list as an array → one page of it, sorted by the requested
 * column: for short lists (a course's groups, staff, invitations) the spec serves unpaged. Apart
 * from paging.ts, which every page loads (the dataProvider), so that only the screens using it carry it.
 */
export function wholeList<R>(json: unknown, req: ListRequest): ListResult<R> {
  if (!Array.isArray(json)) throw new Error('Expected a list answer [ ... ]');
  const rows = [...(json as R[])];
  const sort = req.sort;
  if (sort) {
    const dir = sort.order === 'DESC' ? -1 : 1;
    const key = (r: R) => (r as Record<string, unknown>)[sort.field];
    rows.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : x < y ? -1 : 1) * dir;
    });
  }
  return { data: rows.slice(req.skip, req.skip + req.take), total: rows.length };
}
