import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { filesRoutes } from './routes.js';
import { storageFor, type Storage } from './storage.js';
import './messages.js';

/**
 * THE file storage module. Other modules use:
 *  - `fastify.storage` (or `await storageFor(config)`) — put / putFile / get(range) / stat / delete;
 *  - `storeFile`, `storeLocalFile`, `getFileRow`, `deleteFile`, `toStoredFile` — bytes plus their `files` row
 *    (the owner's storage quota checked before storing: `storageUsage`, `storageLeft`, `quotaExceeded`);
 *  - `assertUpload`, `assertUploadKind`, `assertPicture`, `uploadError` — the spec's checks and messages;
 *  - `registerFileAccessCheck(name, check)` — vouch for the files a feature shows to others;
 *  - `registerUploadTarget(name, target)` — attach a finished tus upload to a record;
 *  - `sendStoredFile` — answer a stored file with Range support from a feature's own route.
 */
declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const filesModule: FastifyPluginAsync = async (fastify: FastifyInstance) => {
  const storage = await storageFor(fastify.config);
  fastify.decorate('storage', storage);
  // the routes get their own scope (multipart, the tus body parser)
  await fastify.register(filesRoutes, { storage });
};
// not encapsulated: `storage` is visible to every module registered after this one
(filesModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export { storageFor, DiskStorage, type Storage, type ByteRange } from './storage.js';
export { storeFile, storeLocalFile, getFileRow, deleteFile, toStoredFile, mimeOfName, type FileRow, type NewFile } from './service.js';
export { assertUpload, assertUploadKind, assertPicture, uploadError } from './validation.js';
export { storageUsage, storageLeft, quotaExceeded, assertFits, type Usage } from './quota.js';
export { registerFileAccessCheck, canReadFile, type FileAccessCheck } from './access.js';
export { registerUploadTarget, type UploadTarget } from './tus.js';
export { sendStoredFile } from './routes.js';
