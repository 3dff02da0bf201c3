import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileCalls } from '../../shared/calls/files.js';
import { isUploadKind, MB, PICTURE_MAX_BYTES, uploadKinds, UploadErrorCode, type UploadKind } from '../../shared/files.js';
import { AppError, notFound, unauthorized } from '../errors.js';
import { route } from '../http/route.js';
import { sendBytes } from '../http/sendBytes.js';
import { canReadFile } from './access.js';
import { quotaExceeded, storageUsage } from './quota.js';
import { cleanFileName, deleteFile, getFileRow, isInlineSafe, storeFile, toStoredFile, type FileRow } from './service.js';
import type { Storage } from './storage.js';
import { tusRoutes } from './tus.js';
import { assertPicture, assertUploadKind, uploadError } from './validation.js';

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends a stored file: validators, ranges and 304s by sendBytes; private caching unless the caller says otherwise. */
export async function sendStoredFile(
  storage: Storage,
  file: FileRow,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { download?: boolean; cache?: string } = {},
): Promise<FastifyReply> {
  const stat = await storage.stat(file.storageKey);
  if (!stat) throw notFound('NotFound', { title: 'file.notFound' });
  const inline = !opts.download && isInlineSafe(file.mime);
  reply
    .header('content-type', inline || isInlineSafe(file.mime) ? file.mime : 'application/octet-stream')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .header('cache-control', opts.cache ?? 'private, max-age=0, must-revalidate');
  // a stored file never changes under its id: id and size make a strong validator
  return sendBytes(request, reply, {
    size: stat.size,
    etag: `"f${file.id}-${stat.size}"`,
    lastModified: stat.modifiedAt,
    read: (range) => storage.get(file.storageKey, range),
  });
}

/** what a one-file form adds to its file (boundaries, part headers, a few fields) at most */
const FORM_OVERHEAD_BYTES = 64 * 1024;

function fileTooLarge(e: unknown): boolean {
  return (e as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Routes of the files module (shared/calls/files.ts): downloads (signed in, access-checked),
 * public pictures, form uploads (Storage/Upload, Storage/Picture/Upload) and tus resumable uploads.
 */
export async function filesRoutes(fastify: FastifyInstance, opts: { storage: Storage }): Promise<void> {
  const { storage } = opts;
  const db = fastify.db;
  await fastify.register(multipart, { limits: { files: 1, fields: 20, fileSize: uploadKinds.attachment.maxMb * MB } });

  route(fastify, fileCalls.download, async (request, reply) => {
    if (!request.user) throw unauthorized();
    const file = await getFileRow(db, Number(request.params.id));
    if (!file || !(await canReadFile(db, request.user, file))) throw notFound('NotFound', { title: 'file.notFound' });
    const download = request.query.download === '1' || request.query.download === 'true';
    return sendStoredFile(storage, file, request, reply, { download });
  });

  route(fastify, fileCalls.picture, async (request, reply) => {
    const file = await getFileRow(db, Number(request.params.id));
    if (!file || file.purpose !== 'picture') throw notFound('NotFound', { title: 'file.notFound' });
    return sendStoredFile(storage, file, request, reply, { cache: 'public, max-age=31536000, immutable' });
  });

  route(fastify, fileCalls.upload, async (request) => {
    if (!request.user) throw unauthorized();
    const kind: UploadKind = isUploadKind(request.query.kind) ? request.query.kind : 'attachment';
    if (!request.isMultipart()) throw new AppError(400, UploadErrorCode.dataError, { title: 'upload.noFile' });
    const rules = uploadKinds[kind];
    const usage = await storageUsage(db, storage, request.user.accountId);
    const left = usage ? Math.max(0, usage.limit - usage.used) : Number.POSITIVE_INFINITY;
    // the stream stops at what is left of the quota: nothing beyond it is written
    const part = await request.file({ limits: { fileSize: Math.min(rules.maxMb * MB, left) } });
    if (!part) throw new AppError(400, UploadErrorCode.dataError, { title: 'upload.noFile' });
    const name = cleanFileName(part.filename);
    assertUploadKind({ name }, kind);
    const tooLarge = () =>
      usage && left < rules.maxMb * MB
        ? quotaExceeded(name, usage)
        : uploadError({ code: UploadErrorCode.sizeLimitExceeded, key: 'upload.tooLarge', vars: { name, maxFileSize: rules.maxMb } });
    // a form declaring more than fits is refused before its file is read
    if (usage && Number(request.headers['content-length']) > left + FORM_OVERHEAD_BYTES) throw quotaExceeded(name, usage);
    if (kind === 'picture') {
      const buffer = await part.toBuffer().catch((e) => {
        if (fileTooLarge(e)) throw tooLarge();
        throw e;
      });
      assertPicture(name, buffer.subarray(0, 16), buffer.length);
      return toStoredFile(await storeFile(db, storage, { name, purpose: 'picture', ownerId: request.user.accountId }, buffer));
    }
    let row: FileRow;
    try {
      row = await storeFile(db, storage, { name, purpose: kind, ownerId: request.user.accountId }, part.file);
    } catch (e) {
      if (fileTooLarge(e)) throw tooLarge();
      throw e;
    }
    if (part.file.truncated) {
      await deleteFile(db, storage, row.id);
      throw tooLarge();
    }
    return toStoredFile(row);
  });

  route(fastify, fileCalls.pictureUpload, async (request) => {
    if (!request.user) throw unauthorized();
    if (!request.isMultipart()) throw new AppError(400, UploadErrorCode.dataError, { title: 'upload.pictureFailed', description: 'upload.noFile' });
    const part = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES } });
    if (!part) throw new AppError(400, UploadErrorCode.dataError, { title: 'upload.pictureFailed', description: 'upload.noFile' });
    const name = cleanFileName(part.filename);
    const buffer = await part.toBuffer().catch((e) => {
      if (fileTooLarge(e)) {
        throw new AppError(400, UploadErrorCode.sizeLimitExceeded, { title: 'upload.pictureFailed', description: 'upload.tooLarge', vars: { name, maxFileSize: PICTURE_MAX_BYTES / MB } });
      }
      throw e;
    });
    assertPicture(name, buffer.subarray(0, 16), buffer.length);
    return toStoredFile(await storeFile(db, storage, { name, purpose: 'picture', ownerId: request.user.accountId }, buffer));
  });

  await tusRoutes(fastify, { db, storage });
}
