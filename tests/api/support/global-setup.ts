import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir, rootDir } from '../../../server/paths.js';
import { openDatabase, pgliteExtensions } from '../../../server/db/client.js';
import { dropDatabase, sealTemplate } from './pgDatabases.js';

export const TEMPLATE_FILE = join(rootDir, '.tmp', 'pglite-template.tar.gz');
export const PG_TEMPLATE_DB = 'elp_test_template';

/**
 * Migrates one template database per run; every test file clones it
 * (a fresh PGlite costs seconds, a clone a fraction of that).
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    await dropDatabase(url, PG_TEMPLATE_DB);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await database.close();
    await sealTemplate(url, PG_TEMPLATE_DB);
    return;
  }
  const pglite = new PGlite({ extensions: pgliteExtensions });
  await migrate(drizzle(pglite), { migrationsFolder: migrationsDir });
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(join(rootDir, '.tmp'), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
