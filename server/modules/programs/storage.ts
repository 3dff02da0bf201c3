import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';

/**
 * Local disk under `${DATA_DIR}/files/` for what the shared storage (server/files, one
 * object per key, disk or S3) does not hold: unpacked SCORM packages (a folder of files
 * the player serves; key `scorm/<exerciseId>-<random>`) and temporary uploads
 * (`tmp/...`, removed after each request). Exercise files go through server/files.
 * On S3 deployments the SCORM folders still live on local disk (see the report).
 */
export function filesRoot(config: Pick<Config, 'DATA_DIR'>): string {
  return resolve(config.DATA_DIR, 'files');
}

/** The absolute path of a key; throws when a key would leave the store. */
export function pathOfKey(config: Pick<Config, 'DATA_DIR'>, key: string): string {
  const root = filesRoot(config);
  const p = resolve(root, key);
  if (p !== root && !p.startsWith(root + sep)) throw new Error(`storage key outside the store: ${key}`);
  return p;
}

/** A fresh, empty temporary folder under `${DATA_DIR}/files/tmp`. */
export async function makeTempDir(config: Pick<Config, 'DATA_DIR'>, prefix: string): Promise<string> {
  const dir = join(filesRoot(config), 'tmp', `${prefix}-${randomBytes(8).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Removes a key (file or folder), quietly when it is not there. */
export async function removeKey(config: Pick<Config, 'DATA_DIR'>, key: string): Promise<void> {
  await rm(pathOfKey(config, key), { recursive: true, force: true });
}

/** Writes a stream to a file, creating its folder. Returns the bytes written. */
export async function writeStream(path: string, stream: Readable): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  let size = 0;
  stream.on('data', (chunk: Buffer) => (size += chunk.length));
  await pipeline(stream, createWriteStream(path));
  return size;
}

/** A safe file-name part for storage keys (the original name is kept in the files table). */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return base.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(-100) || 'file';
}
