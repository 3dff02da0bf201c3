import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contract's direction (ARCHITECTURE §2): the server and the browser app meet only in the
 * root `shared/`, which imports nothing but zod (no React, no Node, no app code).
 */
const root = resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(name) ? [p] : [];
  });
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

/** Files of `area` importing something `bad` says is out of bounds. */
function offenders(area: string, bad: (spec: string, target: string | null) => boolean): string[] {
  return sources(join(root, area)).flatMap((file) =>
    specifiers(file)
      .filter((spec) => bad(spec, spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : null))
      .map((spec) => `${relative(root, file)} → ${spec}`),
  );
}

describe('the contract between server and client', () => {
  it('shared/ imports nothing but zod and itself', () => {
    expect(offenders('shared', (spec, target) => (target === null ? spec !== 'zod' : !target.startsWith('shared')))).toEqual([]);
  });

  it('server/ does not import src/', () => {
    expect(offenders('server', (_spec, target) => target !== null && target.startsWith('src'))).toEqual([]);
  });

  it('src/ does not import server/', () => {
    expect(offenders('src', (_spec, target) => target !== null && target.startsWith('server'))).toEqual([]);
  });

  it('finds imports at all (the walk is not vacuous)', () => {
    expect(offenders('server', (_spec, target) => target !== null && target.startsWith('shared')).length).toBeGreaterThan(100);
  });
});
