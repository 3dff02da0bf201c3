import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { deleteFile, storeLocalFile, type Storage } from '../../files/index.js';
import { validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { readMultipart } from '../programs/multipart.js';
import type { slides } from '../../db/schema/index.js';
import { ANSWER_FILE_PURPOSE, answerFiles, unnamedAnswerFiles } from './answerFiles.js';

const MB = 1024 * 1024;

export interface ReceivedAnswerFile {
  sessionId: string | undefined;
  /** the answer's files with the upload: added to them when the slide takes several, else alone */
  fileIds: number[];
  /** the file stored by this upload (removed again when the answer is not saved) */
  uploadedId: number;
}

/**
 * A file answer sent as multipart/form-data (fields `sessionId`, `file`): the file is checked
 * against the slide's rules (extension, size; a slide without a size limit takes
 * ANSWER_FILE_MAX_MB) and stored as the student's own; the answer then refers to it by id.
 * `beforeStore` runs first (the session checks, answering the attempt), so nothing is kept
 * for a request that would be refused. The student's storage quota is checked before the
 * file is stored, counting the file this upload replaces as free (it is removed on save).
 */
export async function receiveAnswerFile(
  request: FastifyRequest,
  db: Db,
  storage: Storage,
  slide: typeof slides.$inferSelect,
  accountId: number,
  lang: Lang,
  beforeStore: (sessionId: string | undefined) => Promise<{ id: number }>,
): Promise<ReceivedAnswerFile> {
  const c = slide.content as { allowedExtensions?: string[]; maxFileSizeMb?: number; maxFiles?: number };
  const maxMb = c.maxFileSizeMb && c.maxFileSizeMb > 0 ? c.maxFileSizeMb : request.server.config.ANSWER_FILE_MAX_MB;
  const dir = await mkdtemp(join(tmpdir(), 'elp-answer-'));
  try {
    const { fields, file } = await readMultipart(request, dir, Math.floor(maxMb * MB));
    if (!file) throw validationError({ file: translate(lang, 'validation.required') });
    const allowed = (c.allowedExtensions ?? []).map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);
    const ext = file.filename.includes('.') ? file.filename.split('.').pop()!.toLowerCase() : '';
    if (allowed.length && !allowed.includes(ext)) throw validationError({ file: translate(lang, 'study.fileType', { allowedExtensions: allowed.join(', ') }) });
    const attempt = await beforeStore(fields.sessionId);
    const current = (await answerFiles(db, accountId, attempt.id, slide.id)).map((f) => f.id);
    const several = (c.maxFiles ?? 1) > 1;
    const replaced = several ? [] : await unnamedAnswerFiles(db, accountId, current, { attemptId: attempt.id, slideId: slide.id });
    const freedBytes = replaced.reduce((sum, f) => sum + f.size, 0);
    const row = await storeLocalFile(db, storage, { name: file.filename, purpose: ANSWER_FILE_PURPOSE, ownerId: accountId, mime: file.mimetype, freedBytes }, file.path);
    return { sessionId: fields.sessionId, fileIds: several ? [...current, row.id] : [row.id], uploadedId: row.id };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes an uploaded answer file that no answer names (its save was refused, or the attempt closed). */
export async function dropUnsavedUpload(db: Db, storage: Storage, accountId: number, upload: ReceivedAnswerFile): Promise<void> {
  for (const f of await unnamedAnswerFiles(db, accountId, [upload.uploadedId])) await deleteFile(db, storage, f.id);
}
