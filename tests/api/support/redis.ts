import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export const REDIS_SERVER = '/usr/bin/redis-server';
/** Why Redis tests are skipped, or null when a real redis-server can be started. */
export const redisMissing = existsSync(REDIS_SERVER) ? null : `${REDIS_SERVER} is not installed (apt-get install redis-server)`;

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A throwaway redis-server on a free loopback port, no persistence; stop() ends it and removes its directory; restart() stops it and starts a new one on the same port (a Redis restart: every connection cut, nothing kept). */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'elp-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let server = await runServer(port, dir);
  return {
    url,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await server.stop();
      server = await runServer(port, dir);
    },
  };
}

async function runServer(port: number, dir: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {}); // not up yet: the connect() below fails and is retried
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return { stop };
    } catch {
      probe.disconnect();
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`redis-server did not start on port ${port}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
