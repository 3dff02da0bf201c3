/**
 * An in-memory storage plugin for ltijs (the interface ltijs-sequelize implements: setup, Close,
 * Get, Insert, Replace, Modify, Delete), for the PGlite phase of the API tests, where no PostgreSQL
 * server is there for ltijs-sequelize. Only ltijs's storage: every LTI check stays ltijs's own.
 * Rows keep the index fields (what ltijs queries by) beside the item; encrypted tables return the
 * item alone, as ltijs-sequelize does after decrypting.
 */
type Row = { fields: Record<string, unknown>; item: Record<string, unknown>; encrypted: boolean; createdAt: number };

export function ltijsMemoryStore() {
  const tables = new Map<string, Row[]>();
  const rows = (table: string) => tables.get(table) ?? (tables.set(table, []), tables.get(table)!);
  const matches = (r: Row, info: Record<string, unknown> = {}) => Object.entries(info).every(([k, v]) => JSON.stringify(r.fields[k]) === JSON.stringify(v));
  const insert = (key: unknown, table: string, item: Record<string, unknown>, index?: Record<string, unknown>) => {
    if (!table || !item || (key && !index)) throw new Error('MISSING_PARAMS');
    rows(table).push({ fields: { ...item, ...(index ?? {}) }, item: { ...item }, encrypted: Boolean(key), createdAt: Date.now() });
    return true;
  };
  const remove = (table: string, info: Record<string, unknown>) => {
    tables.set(table, rows(table).filter((r) => !matches(r, info)));
    return true;
  };
  return {
    async setup() {
      return true;
    },
    async Close() {
      return true;
    },
    async Get(_key: unknown, table: string, info?: Record<string, unknown>) {
      const found = rows(table).filter((r) => matches(r, info));
      return found.length ? found.map((r) => (r.encrypted ? { ...r.item, createdAt: r.createdAt } : { ...r.fields, createdAt: r.createdAt })) : false;
    },
    async Insert(key: unknown, table: string, item: Record<string, unknown>, index?: Record<string, unknown>) {
      return insert(key, table, item, index);
    },
    async Replace(key: unknown, table: string, info: Record<string, unknown>, item: Record<string, unknown>, index?: Record<string, unknown>) {
      remove(table, info);
      return insert(key, table, item, index);
    },
    async Modify(_key: unknown, table: string, info: Record<string, unknown>, modification: Record<string, unknown>) {
      for (const r of rows(table).filter((x) => matches(x, info))) {
        Object.assign(r.item, modification);
        Object.assign(r.fields, modification);
      }
      return true;
    },
    async Delete(table: string, info: Record<string, unknown>) {
      return remove(table, info);
    },
  };
}
