import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Locker, Upload } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import { isUploadKind, MB, MULTI_UPLOAD_DEFAULT_MB, TUS_ENDPOINT, uploadKinds, type StoredFile } from '../../shared/files.js';
import type { AuthUser } from '../auth/context.js';
import type { Db } from '../db/client.js';
import { AppError, requestLang } from '../errors.js';
import { pickLang, translate, type Lang } from '../i18n/messages.js';
import { checkUpload } from '../../shared/files.js';
import { assertFits, storageUsage } from './quota.js';
import { storeLocalFile, toStoredFile, type FileRow } from './service.js';
import { redisChannel } from '../redis.js';
import { RedisLocker } from './redisLocker.js';
import { uploadsScratchDir, type Storage } from './storage.js';
import { uploadError } from './validation.js';

/**
 * What a finished resumable upload is for, named in the upload's metadata as
 * `target` (with `targetId`). A feature registers one to check, when the upload is
 * created, that the caller may attach a file there, and to attach it when it is done
 * (e.g. the hosted-video slide of POST /api/instructors/Storage/Kinescope/{exerciseId}/Upload).
 */
export interface UploadTarget {
  authorize(ctx: { db: Db; user: AuthUser; targetId: string; metadata: Record<string, string> }): Promise<void>;
  finish(ctx: { db: Db; user: AuthUser; targetId: string; file: FileRow }): Promise<Record<string, unknown> | void>;
}
const targets = new Map<string, UploadTarget>();
export function registerUploadTarget(name: string, target: UploadTarget): void {
  targets.set(name, target);
}

const USER = Symbol.for('elp.tus.user');
const LANG = Symbol.for('elp.tus.lang');
type RawWithUser = IncomingMessage & { [USER]?: AuthUser | null; [LANG]?: Lang };

function nodeReq(req: unknown): RawWithUser | undefined {
  const r = req as { runtime?: { node?: { req?: RawWithUser } }; node?: { req?: RawWithUser } };
  return r.runtime?.node?.req ?? r.node?.req;
}
function callerOf(req: unknown): { user: AuthUser; lang: Lang } {
  const raw = nodeReq(req);
  const user = raw?.[USER];
  if (!user) throw { status_code: 401, body: JSON.stringify({ ErrorCode: 'Unauthorized', Title: 'Unauthorized', Description: 'Unauthorized' }) };
  return { user, lang: raw?.[LANG] ?? 'ru' };
}

/** tus answers errors as { status_code, body }: give it the spec's error shape as its body. */
function tusError(err: AppError, lang: Lang): { status_code: number; body: string } {
  const o = err.options;
  const title = translate(lang, o.title ?? 'error.badRequest', o.vars);
  const description = o.description ? translate(lang, o.description, o.vars) : title;
  return { status_code: err.status, body: JSON.stringify({ ErrorCode: err.code, Title: title, Description: description }) };
}

/** Upload-Metadata values, as strings (tus decodes the base64) */
function metadataOf(upload: Upload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(upload.metadata ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

export interface TusOptions {
  db: Db;
  storage: Storage;
  scratchDir: string;
  /** bytes; default 2048 MB (spec 2 §9) */
  maxBytes?: number;
  /** upload locks shared by the server processes (Redis); tus's in-process locks by default */
  locker?: Locker;
}

export function createTusServer({ db, storage, scratchDir, maxBytes = MULTI_UPLOAD_DEFAULT_MB * MB, locker }: TusOptions): Server {
  const datastore = new FileStore({ directory: scratchDir, expirationPeriodInMilliseconds: 24 * 3600_000 });
  const options: ConstructorParameters<typeof Server>[0] = {
    path: TUS_ENDPOINT,
    datastore,
    ...(locker ? { locker } : {}),
    relativeLocation: true,
    maxSize: maxBytes,
    exposedHeaders: ['ELP-File-Id'],
    getFileIdFromRequest: (req) => {
      const path = new URL(req.url).pathname.replace(/\/+$/, '');
      const base = TUS_ENDPOINT.toLowerCase();
      if (path.toLowerCase() === base) return undefined;
      const id = path.slice(base.length + 1);
      return /^[A-Za-z0-9_-]{8,128}$/.test(id) ? id : undefined;
    },
    generateUrl: (_req, { path, id }) => `${path}/${id}`,
    async onUploadCreate(req, upload) {
      const { user, lang } = callerOf(req);
      const meta = metadataOf(upload);
      const name = meta.filename ?? meta.name;
      const kind = meta.kind ?? 'attachment';
      try {
        // pictures come only through Storage/Picture/Upload (their bytes are checked there; they are public)
        if (!name || !isUploadKind(kind) || kind === 'picture') throw new AppError(400, 'FileUpload.DataError', { title: 'upload.badMetadata' });
        // the quota needs the size up front (no Upload-Defer-Length)
        if (upload.size === undefined) throw new AppError(400, 'FileUpload.DataError', { title: 'upload.lengthRequired' });
        const problem = checkUpload({ name, size: upload.size }, uploadKinds[kind]);
        if (problem) throw uploadError(problem);
        // refused at creation when it cannot fit; checked again when stored (uploads in progress are not counted)
        assertFits(name, await storageUsage(db, storage, user.accountId), upload.size);
        if (meta.target) {
          const target = targets.get(meta.target);
          if (!target || !meta.targetId) throw new AppError(400, 'FileUpload.DataError', { title: 'upload.badMetadata' });
          await target.authorize({ db, user, targetId: meta.targetId, metadata: meta });
        }
      } catch (e) {
        if (e instanceof AppError) throw tusError(e, lang);
        throw e;
      }
      return { metadata: { ...upload.metadata, ownerId: String(user.accountId) } };
    },
    async onUploadFinish(req, upload) {
      const { user, lang } = callerOf(req);
      const meta = metadataOf(upload);
      const local = join(scratchDir, upload.id);
      let file: FileRow;
      try {
        file = await storeLocalFile(db, storage, { name: meta.filename ?? meta.name ?? 'file', purpose: meta.kind ?? 'attachment', ownerId: user.accountId }, local);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // refused (the quota filled up by another upload meanwhile): the finished upload is dropped
        await rm(local, { force: true });
        await rm(`${local}.json`, { force: true });
        throw tusError(e, lang);
      }
      await rm(`${local}.json`, { force: true });
      let extra: Record<string, unknown> | void = undefined;
      if (meta.target && meta.targetId) {
        try {
          extra = await targets.get(meta.target)?.finish({ db, user, targetId: meta.targetId, file });
        } catch (e) {
          if (e instanceof AppError) throw tusError(e, lang);
          throw e;
        }
      }
      const body: StoredFile & Record<string, unknown> = { ...toStoredFile(file), ...(extra ?? {}) };
      return { status_code: 200, headers: { 'ELP-File-Id': file.id, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    },
    onResponseError(req, err) {
      const status = 'status_code' in err ? err.status_code : 500;
      // only tus's own 413 (Upload-Length above maxSize); ours (the quota) already has the spec's shape
      if (status !== 413 || ('body' in err && String(err.body).startsWith('{'))) return undefined;
      // Upload-Length above the cap: the spec's size error, naming the file
      const lang = nodeReq(req)?.[LANG] ?? 'ru';
      const meta = req.headers.get('upload-metadata') ?? '';
      const encoded = /(?:^|,)\s*filename ([A-Za-z0-9+/=]+)/.exec(meta)?.[1];
      const name = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
      return tusError(uploadError({ code: 'FileSizeLimitExceeded.Error', key: 'upload.tooLarge', vars: { name, maxFileSize: Math.round(maxBytes / MB) } }), lang);
    },
  };
  return new Server(options);
}

/** With Redis, upload locks every process sees (an upload resumes on any of them); else tus's own. */
function sharedLocker(app: FastifyInstance): Locker | undefined {
  if (!app.redis) return undefined;
  let locker: RedisLocker | undefined = undefined;
  const publish = redisChannel(app, 'elp:tus-release', (id) => locker?.releaseRequested(id));
  locker = new RedisLocker(app.redis, (id) => publish?.(id));
  return locker;
}

/**
 * Mounts the tus endpoint: POST creates an upload (metadata filename, kind, optional
 * target/targetId), PATCH appends from the answered offset, HEAD tells the offset
 * after a dropped connection, DELETE abandons it. Only the uploader (or Root) may
 * touch an upload in progress; the bytes are read back only through /api/files.
 */
export async function tusRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage; scratchDir?: string; maxBytes?: number }): Promise<void> {
  const scratchDir = opts.scratchDir ?? uploadsScratchDir(app.config);
  const tus = createTusServer({ db: opts.db, storage: opts.storage, scratchDir, maxBytes: opts.maxBytes, locker: sharedLocker(app) });
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  // uploads abandoned for a day are removed (FileStore expiry), checked hourly
  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const raw = request.raw as RawWithUser;
    raw[USER] = request.user;
    raw[LANG] = pickLang(request.cookies?.elp_lang, request.headers['accept-language']) ?? requestLang(request);
    const id = (request.params as { id?: string }).id;
    if (id && request.method !== 'OPTIONS') {
      const upload = await tus.datastore.getUpload(id).catch(() => null);
      const owner = upload?.metadata?.ownerId;
      if (upload && owner !== String(request.user?.accountId) && request.user?.role !== 'Root') {
        return reply.status(404).header('Tus-Resumable', '1.0.0').send({ ErrorCode: 'NotFound', Title: 'Not found', Description: 'Not found' });
      }
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const config = { rule: 'staff' as const };
  const schema = { tags: ['files'], summary: 'tus resumable upload (creation, PATCH, HEAD, DELETE)', hide: false };
  app.route({ method: ['POST', 'OPTIONS'], url: TUS_ENDPOINT, config, schema, handler });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${TUS_ENDPOINT}/:id`, config, schema, handler });
}
