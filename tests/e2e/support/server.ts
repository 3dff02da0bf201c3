import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Settings that would point the server away from its embedded defaults (a developer's shell or CI's second pass). */
const FOREIGN_ENV = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'REDIS_URL',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'SEED_DEMO',
  'CONTENT_ORIGIN',
  'SCORM_MAX_UNPACKED_MB',
];

/** A free TCP port on loopback (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const tail = (file: string, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/**
 * Starts the built server (`node dist/server/main.js`) as `npm start` would, on a free loopback
 * port with a fresh data directory, so the embedded database is created and the demo data seeded.
 */
export async function startBuiltServer(root: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const entry = join(root, 'dist', 'server', 'main.js');
  if (!existsSync(entry) || !existsSync(join(root, 'dist', 'client', 'index.html'))) {
    throw new Error(`The built app is missing (${entry} or dist/client). Run "npm run build" first — "npm run test:e2e" does.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'elp-e2e-'));
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const logFile = join(root, '.tmp', 'e2e-server.log');

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of FOREIGN_ENV) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.ELP_E2E_LOG_LEVEL ?? 'info',
    // a developer's ./.env must not leak into the test server
    DOTENV_CONFIG_PATH: join(dataDir, 'no.env'),
    DOTENV_CONFIG_QUIET: 'true',
    ...extraEnv,
  });

  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', log, log] });
  closeSync(log);
  let exited: number | string | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown';
      resolve();
    }),
  );

  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    cleanup();
  };

  // main.ts listens only after migrations and the demo seed, so any HTTP answer means ready.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== null) {
      cleanup();
      throw new Error(`The server exited (${exited}) before it was ready. Last lines of ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}/api/account/current-state`, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer at ${url} within 120 s. Last lines of ${logFile}:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, logFile, stop };
}
