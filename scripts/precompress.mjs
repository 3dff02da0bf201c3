// Precompresses the built client (a Vite plugin, see vite.config.ts): every script, style, page
// and vector image above 1 KB gets a .br (brotli, best quality) and a .gz (gzip -9) beside it, so
// the server answers by content negotiation without compressing on each request
// (@fastify/static `preCompressed`, server/http/clientFiles.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt|map|woff|ttf)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes the .br and .gz copies under `dir`; returns how many files were compressed. */
export function precompress(dir) {
  let n = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    n++;
  }
  return n;
}

/** Vite plugin: precompress the output directory once the bundle is written. */
export function precompressPlugin() {
  let outDir = 'dist/client';
  return {
    name: 'elp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
