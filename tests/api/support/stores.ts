import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startS3, type RunningS3 } from './s3.js';

/** The file stores the storage tests run against: `describe.each(STORES)('%s store', (kind) => …)`. */
export const STORES = ['disk', 's3'] as const;
export type StoreKind = (typeof STORES)[number];

export interface StoreUnderTest {
  readonly kind: StoreKind;
  /** settings for createTestApp: DATA_DIR (tus scratch lives there whatever the store) and, for s3, S3_* */
  env(): Record<string, string>;
  /** the storage keys held under a purpose (`answer`, `attachment` …), read from the store itself */
  keys(purpose: string): Promise<string[]>;
}

function walk(root: string, dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(root, join(dir, e.name)) : [relative(root, join(dir, e.name)).split(sep).join('/')],
    );
  } catch {
    return [];
  }
}

/**
 * Call inside a describe: a fresh DATA_DIR and, for `s3`, a real S3-compatible server started
 * before the describe's tests and stopped after them.
 */
export function setupStore(kind: StoreKind): StoreUnderTest {
  const dataDir = mkdtempSync(join(tmpdir(), `elp-files-${kind}-`));
  let s3: RunningS3 | undefined;
  if (kind === 's3') {
    beforeAll(async () => {
      s3 = await startS3();
    });
    afterAll(async () => {
      await s3?.stop();
    });
  }
  return {
    kind,
    env: () => ({ DATA_DIR: dataDir, ...(s3?.env ?? {}) }),
    keys: async (purpose) => (s3 ? s3.keys(purpose) : walk(join(dataDir, 'files'), join(dataDir, 'files', purpose)).sort()),
  };
}
