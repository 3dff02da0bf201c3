// A throwaway PostgreSQL cluster for the benchmark, as .ci/run makes one: the newest
// /usr/lib/postgresql/*/bin found, a temp folder, loopback only, removed by stop().
// Default durability settings (fsync and synchronous_commit on): commits cost what they would in production.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

function pgBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** Why no cluster can be started here, or null when one can. */
export function postgresUnavailable() {
  if (!pgBin()) return 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)';
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no "postgres" user to run the server as';
    }
  }
  return null;
}

/**
 * Starts the cluster on `port`; answers { url, version, stop(), halt(), resume() } (url: database
 * "elp_storm", owner postgres, trust on loopback). halt() stops the server with a fast shutdown
 * (clients cut, open transactions rolled back) and resume() starts it again on the same data: the
 * fault scenario's PostgreSQL restart (faults.mjs).
 */
export async function startThrowawayPostgres(port) {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), 'elp-bench-pg-'));
  const asRoot = userInfo().uid === 0;
  const run = (tool, args) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  let started = false;
  const startServer = () =>
    run('pg_ctl', [
      '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60',
      '-o', `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c max_connections=100`,
      'start',
    ]);
  const stop = () => {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* already down */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    startServer();
    started = true;
    // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → 15.18
    const version = /\)\s*(\d+(\.\d+)?)/.exec(execFileSync(join(bin, 'postgres'), ['--version']).toString())?.[1] ?? '?';
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE elp_storm');
    await admin.end();
    const halt = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    return { url: `postgres://postgres@127.0.0.1:${port}/elp_storm`, version, dir, stop, halt, resume: startServer };
  } catch (err) {
    const detail = err?.stderr?.toString?.() ?? '';
    stop();
    throw new Error(`could not start a throwaway PostgreSQL cluster: ${err instanceof Error ? err.message : err}\n${detail}`);
  }
}

/**
 * A scenario's PostgreSQL part, as every bench runs it: on DATABASE_URL when set, else on a
 * throwaway cluster, else skipped with the reason. `run(label, url, startElp)` gets a startElp whose
 * DATA_DIR (files only: the data is in PostgreSQL) is an empty folder of its own. Answers run's
 * result (true when skipped).
 */
export async function onPostgres({ tmp, prefix, freePort, startElp }, run) {
  const emptyDir = mkdtempSync(join(tmp, prefix));
  const start = (_dataDir, ...rest) => startElp(emptyDir, ...rest);
  try {
    if (process.env.DATABASE_URL) return await run('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL, start);
    const why = postgresUnavailable();
    if (why) {
      console.log(`  PostgreSQL: skipped — ${why}; set DATABASE_URL to an empty database to run it.`);
      return true;
    }
    const cluster = await startThrowawayPostgres(await freePort());
    try {
      return await run(`PostgreSQL ${cluster.version}`, cluster.url, start);
    } finally {
      cluster.stop();
    }
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
  }
}
