/** The rows of a `db.execute` result, whichever driver ran it (node-postgres answers `{ rows }`, some drivers an array). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
