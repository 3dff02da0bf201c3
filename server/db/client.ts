import { mkdirSync, openSync, closeSync, writeFileSync, readFileSync, unlinkSync, existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: feature code never knows which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite instance (embedded mode only), e.g. for pg-boss's fromPglite */
  pglite?: PGlite;
  /** node-postgres pool (PostgreSQL mode only) */
  pool?: pg.Pool;
  /** where a lost PostgreSQL connection is reported (the app's log once it is built; stderr before) */
  onConnectionError: (err: Error) => void;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** folder for PGlite's data; undefined = in memory */
  pgliteDir?: string;
  /** a PGlite data-dir dump to start from (tests clone a migrated template) */
  loadDataDir?: Blob;
  migrate?: boolean;
}

/**
 * PGlite is single-process: a lock file beside its data refuses a second
 * server on the same folder instead of letting both corrupt it.
 */
function lockDataDir(dir: string): () => void {
  const lock = `${dir}.lock`;
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive = false;
    try { if (pid) { process.kill(pid, 0); alive = true; } } catch { alive = false; }
    if (alive && pid !== process.pid) {
      throw new Error(`The embedded database in ${dir} is in use by process ${pid}. PGlite serves one process only; stop it or set DATABASE_URL.`);
    }
  }
  const fd = openSync(lock, 'w');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => { try { unlinkSync(lock); } catch { /* already gone */ } };
}

/**
 * Whether `db` is the embedded PGlite: it runs in this process, on the event loop, one statement
 * at a time, so a long read holds every request until it ends (on PostgreSQL reads run beside them).
 */
export function runsInProcess(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * Before a long read's next statement on PGlite: a turn of the event loop, so the requests that
 * arrived meanwhile queue their statements first (an awaited next statement would be queued at
 * once, before their I/O is even read). Nothing to wait for on PostgreSQL.
 */
export function letOthersIn(db: Db): Promise<void> {
  return runsInProcess(db) ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
}

/** Extensions the migrations create (pg_trgm: the catalogue search index); every PGlite opened on ELP's data needs them. */
export const pgliteExtensions = { pg_trgm };

/** Several processes starting at once apply the migrations one after the other (a session advisory lock). */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', ['elp:migrations']);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', ['elp:migrations']);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      pool,
      onConnectionError: (err) => console.warn(`PostgreSQL connection lost: ${err.message}`),
      close: () => pool.end(),
    };
    // A server that goes away (a restart: "terminating connection due to administrator command")
    // errors every pooled connection. Unheard, that error ends the process; heard, the idle ones
    // are dropped by the pool, a checked-out one fails its next query and is dropped on release,
    // and the next requests open new connections once the server is back.
    pool.on('connect', (client) => client.on('error', (err: Error) => database.onConnectionError(err)));
    pool.on('error', () => undefined); // an idle connection's error: reported by its own listener above
    if (options.migrate !== false) await migrateOnce(pool);
    return database;
  }
  let unlock = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockDataDir(options.pgliteDir);
  }
  const pglite = new PGlite({ dataDir: options.pgliteDir, loadDataDir: options.loadDataDir, extensions: pgliteExtensions });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (options.migrate !== false) await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsDir });
  return {
    db,
    kind: 'pglite',
    pglite,
    onConnectionError: () => undefined, // in process: no connection to lose
    close: async () => { await pglite.close(); unlock(); },
  };
}
