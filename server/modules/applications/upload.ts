import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.js';
import { assertUpload, storeLocalFile, type FileRow } from '../../files/index.js';
import { readMultipart } from '../programs/multipart.js';

/** The first bytes of a file on disk. */
export async function headOf(path: string, n = 8): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * Reads a multipart form with at most one file (checked by extension and size), stores the file
 * (purpose, owner) and returns the fields and the stored row. `check` may refuse the file by its
 * first bytes. Temporary files are removed in every case.
 */
export async function receiveForm(
  fastify: FastifyInstance,
  request: FastifyRequest,
  rules: { extensions: readonly string[]; maxMb: number; purpose: string; ownerId: number; required?: boolean; check?: (head: Buffer) => boolean },
): Promise<{ fields: Record<string, string>; file: FileRow | null }> {
  const dir = await mkdtemp(join(tmpdir(), 'elp-form-'));
  try {
    const { fields, file } = await readMultipart(request, dir, rules.maxMb * 1024 * 1024);
    if (!file) {
      if (rules.required) throw badRequest('FileUpload.DataError', { title: 'programs.fileMissing' });
      return { fields, file: null };
    }
    assertUpload({ name: file.filename, size: file.size }, rules);
    if (rules.check && !rules.check(await headOf(file.path))) {
      throw badRequest('FileUpload.DataError', { title: 'upload.allowedTypes', vars: { allowedExtensions: rules.extensions.join(', ') } });
    }
    const row = await storeLocalFile(fastify.db, fastify.storage, { name: file.filename, purpose: rules.purpose, ownerId: rules.ownerId }, file.path);
    return { fields, file: row };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
