import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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
  // Request bodies may come compressed (Content-Encoding), but GET and HEAD have no body to read:
  // their routes skip the plugin's decompression hook (one step fewer on the most frequent calls).
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && [route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) route.decompress = false;
  });
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

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the built index.html (the boot shell,
 * scripts/boot-shell.mjs): the policy allows scripts
 * from our origin only, and these few lines by their exact text — a changed or injected inline
 * script still does not run. None without a build.
 */
export function inlineScriptSources(distDir: string): string[] {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((m) => m[1].trim() !== '')
    .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}
