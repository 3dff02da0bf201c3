import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientMessageId, type ChatAttachment } from '../../../shared/calls/chat.js';
import { MB, UploadErrorCode } from '../../../shared/files.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { AppError, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { assertUpload, registerFileAccessCheck, storeFile, type FileRow } from '../../files/index.js';
import { cleanFileName } from '../../files/service.js';
import { rowsOf } from '../../db/rows.js';
import { moderatedCourseIds } from './access.js';
import { CHAT_FILE } from './send.js';

/**
 * A chat file is read by the members of a chat it was sent in and that chat's moderators
 * (the uploader and Root by the storage's own rule).
 */
export async function canReadChatFile(db: Db, user: AuthUser, file: Pick<FileRow, 'id' | 'purpose'>): Promise<boolean> {
  if (file.purpose !== CHAT_FILE) return false;
  const rows = rowsOf(await db.execute(sql`select 1 from "chat_attachments" a
    join "chat_messages" msg on msg."id" = a."message_id"
    join "chats" c on c."id" = msg."chat_id"
    where a."file_id" = ${file.id} and not msg."is_blocked" and (
      exists (select 1 from "chat_members" m where m."chat_id" = c."id" and m."account_id" = ${user.accountId})
      or (${user.role === 'Instructors'} and c."course_id" in ${moderatedCourseIds(user.accountId)}))
    limit 1`));
  return rows.length > 0;
}

registerFileAccessCheck(CHAT_FILE, ({ db, user, file }) => canReadChatFile(db, user, file));

const uploadFailed = (code: string, description: string, vars?: Record<string, string | number>) =>
  new AppError(400, code, { title: 'chat.uploadFailed', description, vars });

/**
 * One file of a multipart form (POST /api/Chats/filestorage, …/messages/file), at most
 * CHAT_FILE_MAX_MB (spec 2 §6: one file per message, the upload's size rule), stored as the
 * sender's own (their storage quota applies). Text fields before the file are returned too.
 */
export async function receiveChatFile(request: FastifyRequest, user: AuthUser): Promise<{ file: ChatAttachment; fields: Record<string, string> }> {
  const maxMb = request.server.config.CHAT_FILE_MAX_MB;
  if (!request.isMultipart()) throw uploadFailed(UploadErrorCode.dataError, 'upload.noFile');
  const fields: Record<string, string> = {};
  let stored: ChatAttachment | null = null;
  for await (const part of request.parts({ limits: { fileSize: maxMb * MB, files: 1, fields: 5 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      // checked before the file is stored: a bad field stores nothing
      if (part.fieldname === 'clientMessageId' && !clientMessageId.safeParse(fields.clientMessageId).success) {
        throw validationError({ clientMessageId: translate(requestLang(request), 'validation.invalid') });
      }
      continue;
    }
    const name = cleanFileName(part.filename);
    const buffer = await part.toBuffer().catch((e: { code?: string }) => {
      if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw uploadFailed(UploadErrorCode.sizeLimitExceeded, 'upload.tooLarge', { name, maxFileSize: maxMb });
      throw e;
    });
    assertUpload({ name, size: buffer.length }, { extensions: [], maxMb });
    const row = await storeFile(request.server.db, request.server.storage, { name, purpose: CHAT_FILE, ownerId: user.accountId }, buffer);
    stored = { id: row.id, fileName: row.name, fileSize: row.size };
  }
  if (!stored) throw uploadFailed(UploadErrorCode.dataError, 'upload.noFile');
  return { file: stored, fields };
}
