import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profileCalls as calls } from '../../../shared/calls/profile.js';
import { fileAddress, MB, PICTURE_MAX_BYTES, UploadErrorCode } from '../../../shared/files.js';
import { currentUser, forgetAccount } from '../../auth/context.js';
import { accounts, files } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { assertPicture, deleteFile, registerFileAccessCheck, storeFile } from '../../files/index.js';
import { cleanFileName } from '../../files/service.js';
import { route } from '../../http/route.js';
import { saveAccountFields } from './properties.js';

const AVATAR = 'avatar';

/** An avatar is shown wherever its person is (headers, lists, chats): any signed-in user may read one that is in use. */
registerFileAccessCheck(AVATAR, async ({ db, file }) => {
  if (file.purpose !== AVATAR || file.ownerId === null) return false;
  // an avatar is its owner's picture (by primary key: no scan of the accounts)
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, file.ownerId), eq(accounts.picture, fileAddress(file.id)))).limit(1);
  return !!row;
});

/** The avatar failures answer the spec's 'Failed to change data' (3 §8.3b) with the reason as description. */
const avatarError = (code: string, description: string, vars?: Record<string, string | number>) =>
  new AppError(400, code, { title: 'profile.avatarFailed', description, vars });

/** The id of the avatar file an address of ours names, if it is one. */
const avatarFileId = (address: string | null): number | null => {
  const m = address ? /^\/api\/files\/(\d+)$/.exec(address) : null;
  return m ? Number(m[1]) : null;
};

/** POST and DELETE /api/profile/picture: the caller's avatar (PNG or JPEG by its bytes, at most 10 MB, spec 2 §6). */
export function pictureRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const storage = fastify.storage;

  /** Points the account at `address` (history kept) and removes the avatar file it replaces. */
  async function setPicture(accountId: number, address: string | null): Promise<void> {
    const old = await db.transaction(async (tx) => {
      const [before] = await tx.select({ picture: accounts.picture }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      await saveAccountFields(tx, accountId, accountId, before, { picture: address });
      return before.picture;
    });
    const oldId = avatarFileId(old);
    if (oldId !== null && old !== address) {
      const [own] = await db.select({ id: files.id }).from(files).where(and(eq(files.id, oldId), eq(files.ownerId, accountId), eq(files.purpose, AVATAR)));
      if (own) await deleteFile(db, storage, own.id);
    }
  }

  route(fastify, calls.uploadPicture, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw avatarError(UploadErrorCode.dataError, 'upload.noFile');
    const part = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES } });
    if (!part) throw avatarError(UploadErrorCode.dataError, 'upload.noFile');
    const name = cleanFileName(part.filename);
    const buffer = await part.toBuffer().catch((e: { code?: string }) => {
      if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw avatarError(UploadErrorCode.sizeLimitExceeded, 'upload.tooLarge', { name, maxFileSize: PICTURE_MAX_BYTES / MB });
      throw e;
    });
    try {
      assertPicture(name, buffer.subarray(0, 16), buffer.length);
    } catch (e) {
      if (e instanceof AppError) throw new AppError(e.status, e.code, { ...e.options, title: 'profile.avatarFailed' });
      throw e;
    }
    const row = await storeFile(db, storage, { name, purpose: AVATAR, ownerId: user.accountId }, buffer);
    const picture = fileAddress(row.id);
    await setPicture(user.accountId, picture);
    forgetAccount(db, user.accountId);
    return { picture };
  });

  route(fastify, calls.removePicture, async (request) => {
    const user = currentUser(request);
    await setPicture(user.accountId, null);
    forgetAccount(db, user.accountId);
    return { picture: null };
  });
}
