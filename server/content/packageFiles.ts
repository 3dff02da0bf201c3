import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mimeOfName } from '../files/index.js';
import { DiskStorage, storageRoot, type StoredObjectStat } from '../files/storage.js';
import { sendBytes } from '../http/sendBytes.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { safeEntryPath } from '../modules/programs/scormPackage.js';

/**
 * Package files on the content origin. The unpacked packages live on the local disk under
 * `${DATA_DIR}/files/scorm/...` whatever the shared storage is (programs/storage.ts), so they
 * are read through a disk Storage rooted there.
 */

const WEB_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', xhtml: 'application/xhtml+xml',
  js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8',
  json: 'application/json', xml: 'application/xml', xsd: 'application/xml', dtd: 'application/xml-dtd',
  txt: 'text/plain; charset=utf-8', svg: 'image/svg+xml', ico: 'image/x-icon', bmp: 'image/bmp',
  woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf', otf: 'font/otf', eot: 'application/vnd.ms-fontobject',
  vtt: 'text/vtt', swf: 'application/x-shockwave-flash', wasm: 'application/wasm',
};

/** Content type by extension: web files here, media and documents as the files module types them. */
export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return WEB_TYPES[ext] ?? mimeOfName(path);
}

/**
 * Packages run their own scripts, often inline, and load what they need from elsewhere (a CDN's
 * script, web fonts, images, media): those come from this origin or any https: address. Still,
 * no request or form reaches the app's origin (connections and forms stay on this origin: CSP
 * cannot say "https: but the app", so connect-src is not widened), and only this origin's
 * launcher inside the app's player may frame a package page. The app's own policy is not touched.
 */
export function packagePolicy(appOrigin: string): string {
  return [
    "default-src 'self' data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' https:",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    `frame-ancestors 'self' ${appOrigin}`,
  ].join('; ');
}

/**
 * Package files are never changed under an address (a new upload is a new package key, so a new
 * capability): an hour in the browser's own cache without asking, then revalidated (304).
 * Private: the address is the learner's capability.
 */
export const PACKAGE_CACHE = 'private, max-age=3600';

export const contentFileNotFound = () => new AppError(404, 'NotFound', { title: 'content.fileNotFound' });

const stores = new WeakMap<object, DiskStorage>();
function packageStore(config: Config): DiskStorage {
  let s = stores.get(config);
  if (!s) stores.set(config, (s = new DiskStorage(storageRoot(config))));
  return s;
}

/**
 * Streams one file of the package stored under `packageKey`, with validators and byte ranges
 * (videos seek, a revisit gets 304); a path that would leave the package, or a missing file, is 404.
 * The capability and the attempt are checked before each answer the server gives (PACKAGE_CACHE).
 */
export async function sendPackageFile(config: Config, packageKey: string, rawPath: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const rel = safeEntryPath(rawPath);
  if (!rel) throw contentFileNotFound();
  const store = packageStore(config);
  const key = `${packageKey}/${rel}`;
  let stat: StoredObjectStat | null;
  try {
    stat = await store.stat(key);
  } catch {
    stat = null; // a key the storage refuses (control characters and the like)
  }
  if (!stat) throw contentFileNotFound();
  reply.header('content-type', contentTypeOf(rel)).header('cache-control', PACKAGE_CACHE);
  // a package key is new for every upload, so key, path and size identify the bytes
  const etag = `"p${createHash('sha1').update(key).digest('base64url').slice(0, 16)}-${stat.size}"`;
  return sendBytes(request, reply, { size: stat.size, etag, lastModified: stat.modifiedAt, read: (range) => store.get(key, range) });
}
