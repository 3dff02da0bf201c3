import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Content-hashed build output: a changed file gets a new name, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else the client build holds (index.html): always revalidated. */
const REVALIDATE = 'no-cache';

/** JSON answers at least this long are compressed (below it the headers outweigh the gain). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compression of dynamic answers: JSON (and CSV/plain text) above the threshold, brotli at a
 * fast level or gzip by the client's Accept-Encoding. Files, videos and byte ranges are left
 * alone (their types are not matched), and so is anything already encoded (the precompressed
 * client files below).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/(json|problem\+json)|text\/(plain|csv))\b/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * The built client (npm start): the precompressed copies the build wrote (.br, .gz; see
 * scripts/precompress.mjs) are chosen by Accept-Encoding; hashed assets are cached for a year,
 * index.html is revalidated. Returns false when there is no build (API-only, tests).
 */
export async function registerClientFiles(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.replaceAll('\\', '/').includes('/assets/');
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
  return true;
}
