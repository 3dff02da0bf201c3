import fresh from 'fresh';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from '../files/storage.js';
import { AppError } from '../errors.js';

/** Bytes to send: their size, validators, and a reader for the whole or a range. */
export interface ByteSource {
  size: number;
  /** a strong validator that changes whenever the bytes do */
  etag: string;
  lastModified?: Date;
  read(range?: ByteRange): Promise<Readable>;
}

/** One `bytes=a-b` / `bytes=a-` / `bytes=-n` range, or null for none, or 'unsatisfiable'. Several ranges: served whole. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * The one way to send stored bytes (uploaded files, SCORM package files): validators (ETag,
 * Last-Modified) with 304 for a fresh copy, byte ranges (206, 416 outside the file; If-Range
 * falls back to the whole file when the copy changed). The caller sets type, disposition and caching.
 */
export async function sendBytes(request: FastifyRequest, reply: FastifyReply, source: ByteSource): Promise<FastifyReply> {
  reply.header('accept-ranges', 'bytes').header('etag', source.etag);
  if (source.lastModified) reply.header('last-modified', source.lastModified.toUTCString());
  const validators = { etag: source.etag, 'last-modified': source.lastModified?.toUTCString() };
  if ((request.method === 'GET' || request.method === 'HEAD') && fresh(request.headers, validators)) {
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const current = ifRange === source.etag || (!!source.lastModified && ifRange === source.lastModified.toUTCString());
  const rangeHeader = ifRange && !current ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, source.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${source.size}`);
    throw new AppError(416, 'RangeNotSatisfiable', { title: 'file.rangeNotSatisfiable' });
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${source.size}`).header('content-length', range.end - range.start + 1);
    return reply.send(await source.read(range));
  }
  reply.header('content-length', source.size);
  return reply.send(await source.read());
}
