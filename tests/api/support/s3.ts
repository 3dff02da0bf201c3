import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's built-in credentials: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';
const BUCKET = 'elp';

export interface RunningS3 {
  /** the S3_* settings that point ELP at this server */
  env: Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION', string>;
  /** the keys stored under a prefix (a purpose such as `answer`) */
  keys(prefix: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A throwaway S3-compatible server (the `s3rver` devDependency, path-style, SigV4 checked) on a
 * free loopback port with its own directory and one bucket; stop() ends it and removes the directory.
 */
export async function startS3(): Promise<RunningS3> {
  const dir = mkdtempSync(join(tmpdir(), 'elp-s3rver-'));
  const bin = join(dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin', 's3rver.js');
  const child = spawn(process.execPath, [bin, '-d', dir, '-a', '127.0.0.1', '-p', '0', '--silent', '--no-vhost-buckets', '--configure-bucket', BUCKET], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let client: S3Client | undefined;
  const stop = async () => {
    client?.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // the server prints its address once the bucket exists
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${err}`)), 15_000);
    child.stderr!.on('data', (d) => (err += String(d)));
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening on [\d.]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited: ${err}`));
    });
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  child.stdout!.resume();
  child.stderr!.resume();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_REGION: 'us-east-1',
  };
  client = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY } });
  const keys = async (prefix: string) => {
    const out = await client!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  };
  return { env, keys, stop };
}
