import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors.js';
import { safeName, writeStream } from './storage.js';

export interface UploadedFile {
  /** where the upload was written (inside the given folder) */
  path: string;
  filename: string;
  mimetype: string;
  size: number;
}

export interface MultipartResult {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** 400 FileSizeLimitExceeded.Error with the spec 2 §6 message. */
export function fileTooLarge(name: string, maxBytes: number): AppError {
  return new AppError(400, 'FileSizeLimitExceeded.Error', {
    title: 'programs.fileTooLarge',
    vars: { name, maxFileSize: (maxBytes / 1024 / 1024).toFixed(2) },
  });
}

/**
 * Reads a multipart request with one file: fields as strings, the file streamed into
 * `dir` (at most `maxFileBytes`). A request that is not multipart answers 400; an
 * oversize file answers 400 FileSizeLimitExceeded.Error and leaves nothing behind.
 */
export async function readMultipart(request: FastifyRequest, dir: string, maxFileBytes: number): Promise<MultipartResult> {
  if (!request.isMultipart()) throw badRequest('FileUpload.DataError', { title: 'programs.fileMissing' });
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    const partsOptions = { limits: { fileSize: maxFileBytes, files: 1, fields: 50, fieldSize: 100_000 }, throwFileSizeLimit: false };
    for await (const part of request.parts(partsOptions as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const path = join(dir, `upload-${safeName(part.filename || 'file')}`);
      const size = await writeStream(path, part.file);
      file = { path, filename: part.filename || 'file', mimetype: part.mimetype, size };
      if (part.file.truncated) throw fileTooLarge(file.filename, maxFileBytes);
    }
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(file?.filename ?? 'file', maxFileBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('FileUpload.DataError');
    throw err;
  }
  return { fields, file };
}
