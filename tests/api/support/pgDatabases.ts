import pg from 'pg';

/** The test suite's own PostgreSQL databases (DATABASE_URL): the migrated template and each test file's clone. */

async function asAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** object_in_use: another session (often autovacuum) is on the database for now */
const inUse = (error: unknown) => (error as { code?: string }).code === '55006';

/**
 * Makes a migrated database the template the test files clone: no connections are allowed to it
 * any more, so autovacuum leaves it alone and a clone never finds it "being accessed by other users".
 */
export async function sealTemplate(url: string, name: string): Promise<void> {
  await asAdmin(url, (admin) => admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
}

/** A new database copied from the template; tried again for a while if a session is still on the template. */
export async function cloneDatabase(url: string, template: string, name: string): Promise<void> {
  await asAdmin(url, async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if (!inUse(error) || attempt === 6) throw error;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  });
}

/**
 * Drops a test file's database. Its own sessions (this role's) are ended first, then a plain DROP
 * waits up to 5 s for the rest: PostgreSQL itself cancels an autovacuum worker on the database.
 * Not `WITH (FORCE)`: FORCE also tries to end the autovacuum worker as this role and fails with
 * insufficient_privilege (42501; seen in a run on PostgreSQL). On a loaded 2-core CI machine a
 * backend can take longer than the 5 s (object_in_use, 55006), so the drop is tried again for a
 * while, and a last failure names the sessions left.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await asAdmin(url, async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()',
          [name],
        );
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if (!inUse(error) || attempt === 6) {
          const { rows } = await admin.query('SELECT pid, usename, backend_type, application_name, state, query FROM pg_stat_activity WHERE datname = $1', [name]);
          throw new Error(`dropping the test database ${name} failed: ${String(error)}; sessions on it: ${JSON.stringify(rows)}`);
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  });
}

