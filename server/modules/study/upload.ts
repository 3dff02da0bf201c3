import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { storeLocalFile, type Storage } from '../../files/index.js';
import { validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { readMultipart } from '../programs/multipart.js';
import type { slides } from '../../db/schema/index.js';

const DEFAULT_MAX_MB = 2048;

/**
 * A file answer sent as multipart/form-data (fields `sessionId`, `file`): the file is checked
 * against the slide's rules (extension, size) and stored as the student's own; the answer
 * then refers to it by id. `beforeStore` runs first (the session checks), so nothing is kept
 * for a request that would be refused.
 */
export async function receiveAnswerFile(
  request: FastifyRequest,
  db: Db,
  storage: Storage,
  slide: typeof slides.$inferSelect,
  accountId: number,
  lang: Lang,
  beforeStore: (sessionId: string | undefined) => Promise<void>,
): Promise<{ sessionId: string | undefined; fileIds: number[] }> {
  const c = slide.content as { allowedExtensions?: string[]; maxFileSizeMb?: number };
  const maxMb = c.maxFileSizeMb ?? DEFAULT_MAX_MB;
  const dir = await mkdtemp(join(tmpdir(), 'elp-answer-'));
  try {
    const { fields, file } = await readMultipart(request, dir, Math.floor(maxMb * 1024 * 1024));
    if (!file) throw validationError({ file: translate(lang, 'validation.required') });
    const allowed = (c.allowedExtensions ?? []).map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);
    const ext = file.filename.includes('.') ? file.filename.split('.').pop()!.toLowerCase() : '';
    if (allowed.length && !allowed.includes(ext)) throw validationError({ file: translate(lang, 'study.fileType', { allowedExtensions: allowed.join(', ') }) });
    await beforeStore(fields.sessionId);
    const row = await storeLocalFile(db, storage, { name: file.filename, purpose: 'answer', ownerId: accountId, mime: file.mimetype }, file.path);
    return { sessionId: fields.sessionId, fileIds: [row.id] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
