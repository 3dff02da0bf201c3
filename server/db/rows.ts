/** The rows of a `db.execute` result, whichever driver ran it (node-postgres answers `{ rows }`, some drivers an array). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** A json or jsonb value of a `db.execute` row: the drivers answer it parsed, or as its text on some paths. */
export function jsonOf<T>(value: T | string): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
