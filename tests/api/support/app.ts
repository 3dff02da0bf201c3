import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase, type Database } from '../../../server/db/client.js';
import { accounts } from '../../../server/db/schema/index.js';
import { createSession, SESSION_COOKIE } from '../../../server/auth/context.js';
import { FLAGS, type Role } from '../../../shared/permissions.js';
import { PG_TEMPLATE_DB, TEMPLATE_FILE } from './global-setup.js';
import { cloneDatabase, dropDatabase } from './pgDatabases.js';

export interface TestApp {
  app: App;
  database: Database;
  db: Database['db'];
  /** Creates an account with the role and flags and returns a Cookie header for its session. */
  signIn(who: Role | Persona, overrides?: Partial<Persona>): Promise<SignedIn>;
}

export interface Persona {
  role: Role;
  flags: string[];
  email: string;
  firstName: string;
  lastName: string;
  accessToPhysical: boolean;
}

export interface SignedIn {
  accountId: number;
  cookie: string;
  headers: { cookie: string };
}

async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `elp_t_${randomBytes(6).toString('hex')}`;
    await cloneDatabase(url, PG_TEMPLATE_DB, name);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), migrate: false });
    const close = database.close;
    database.close = async () => {
      await close();
      await dropDatabase(url, name);
    };
    return database;
  }
  const dump = new Blob([readFileSync(TEMPLATE_FILE)]);
  return openDatabase({ loadDataDir: dump, migrate: false });
}

let counter = 0;

/** The real app, in-process, on a fresh database for this test file. Closed after the file. */
export async function createTestApp(env: Record<string, string> = {}, options: { plugins?: FastifyPluginAsync[]; clientDir?: string } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', ...env });
  const app = await buildApp({ config, database, logger: false, plugins: options.plugins, clientDir: options.clientDir });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function signIn(who: Role | Persona, overrides: Partial<Persona> = {}): Promise<SignedIn> {
    const base: Persona =
      typeof who === 'string'
        ? {
            role: who,
            flags: who === 'Instructors' ? [...FLAGS] : [],
            email: `${who.toLowerCase()}${++counter}-${randomBytes(3).toString('hex')}@test.local`,
            firstName: 'Тест',
            lastName: who,
            accessToPhysical: false,
          }
        : who;
    const p = { ...base, ...overrides };
    const [row] = await database.db
      .insert(accounts)
      .values({ subject: p.email, issuer: 'test', email: p.email, firstName: p.firstName, lastName: p.lastName, role: p.role, flags: p.flags, accessToPhysical: p.accessToPhysical })
      .returning({ id: accounts.id });
    const token = await createSession(database.db, row.id, 1);
    const cookie = `${SESSION_COOKIE}=${token}`;
    return { accountId: row.id, cookie, headers: { cookie } };
  }

  return { app, database, db: database.db, signIn };
}
