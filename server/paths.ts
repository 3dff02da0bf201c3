import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this module that holds package.json (works from source and from dist/). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const rootDir = findRoot();
export const migrationsDir = join(rootDir, 'server', 'db', 'migrations');
export const clientDistDir = join(rootDir, 'dist', 'client');
export const dataPath = (dataDir: string, ...parts: string[]) => resolve(rootDir, dataDir, ...parts);
