import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { linksInput, programPaths as P } from '../../../src/shared/programs.js';
import { exerciseFiles, exercises, files } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise, userOf } from './access.js';
import { idParams, opts, path, typed } from './common.js';
import { readMultipart } from './multipart.js';
import { makeTempDir, pathOfKey, safeName } from './storage.js';

/** Files attached to an exercise (upload, list, download, drop) and its links for students. */
export const exerciseFileLimits = {
  /** spec 2 §6: multi-file default limit 2048 MB */
  maxFileBytes: 2048 * 1024 * 1024,
};

const fileParams = z.object({ id: z.string(), fileId: z.string() });
const fileNotFound = () => notFound('FileNotFound', { title: 'programs.fileNotFound' });

export function registerFileRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const db = fastify.db;
  const config = fastify.config;

  const list = async (exerciseId: number) => {
    const rows = await db
      .select({ id: files.id, name: files.name, mime: files.mime, size: files.size, title: exerciseFiles.title, sequence: exerciseFiles.sequence })
      .from(exerciseFiles)
      .innerJoin(files, eq(files.id, exerciseFiles.fileId))
      .where(eq(exerciseFiles.exerciseId, exerciseId))
      .orderBy(exerciseFiles.sequence, exerciseFiles.id);
    return rows.map((r) => ({ ...r, address: P.fileDownload.replace('{id}', String(exerciseId)).replace('{fileId}', String(r.id)) }));
  };

  app.get(path(P.files), opts({ params: idParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    return { files: await list(exercise.id), links: exercise.downloadableFiles };
  });

  app.post(path(P.filesUpload), opts({ params: idParams }), async (request, reply) => {
    const user = userOf(request);
    const { exercise } = await loadExercise(db, user, request.params.id);
    const tmp = await makeTempDir(config, 'upload');
    try {
      const { fields, file } = await readMultipart(request, tmp, exerciseFileLimits.maxFileBytes);
      if (!file) throw badRequest('FileUpload.DataError', { title: 'programs.fileMissing' });
      const key = `exercises/${exercise.id}/${randomBytes(6).toString('hex')}-${safeName(file.filename)}`;
      const target = pathOfKey(config, key);
      await mkdir(dirname(target), { recursive: true });
      await rename(file.path, target);
      try {
        const id = await db.transaction(async (tx) => {
          const [f] = await tx
            .insert(files)
            .values({ storageKey: key, name: file.filename, mime: file.mimetype || 'application/octet-stream', size: file.size, purpose: 'exercise', ownerId: user.accountId })
            .returning({ id: files.id });
          const seq = (await tx.select({ id: exerciseFiles.id }).from(exerciseFiles).where(eq(exerciseFiles.exerciseId, exercise.id))).length + 1;
          await tx.insert(exerciseFiles).values({ exerciseId: exercise.id, fileId: f.id, title: fields.title?.slice(0, 255) || null, sequence: seq });
          return f.id;
        });
        reply.status(201);
        return (await list(exercise.id)).find((f) => f.id === id);
      } catch (err) {
        await rm(target, { force: true });
        throw err;
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  const findFile = async (exerciseId: number, rawFileId: string) => {
    const fileId = parseIntId(rawFileId);
    if (fileId === null) throw fileNotFound();
    const [row] = await db
      .select({ f: files, link: exerciseFiles.id })
      .from(exerciseFiles)
      .innerJoin(files, eq(files.id, exerciseFiles.fileId))
      .where(and(eq(exerciseFiles.exerciseId, exerciseId), eq(files.id, fileId)));
    if (!row) throw fileNotFound();
    return row;
  };

  app.get(path(P.fileDownload), opts({ params: fileParams }), async (request, reply) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    const { f } = await findFile(exercise.id, request.params.fileId);
    reply.header('content-type', f.mime);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`);
    return reply.send(createReadStream(pathOfKey(config, f.storageKey)));
  });

  app.delete(path(P.fileDrop), opts({ params: fileParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    const { f } = await findFile(exercise.id, request.params.fileId);
    await db.delete(files).where(eq(files.id, f.id));
    await rm(pathOfKey(config, f.storageKey), { force: true });
    return list(exercise.id);
  });

  app.put(path(P.links), opts({ params: idParams, body: linksInput }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    const [row] = await db
      .update(exercises)
      .set({ downloadableFiles: request.body.links, updatedAt: new Date() })
      .where(eq(exercises.id, exercise.id))
      .returning({ links: exercises.downloadableFiles });
    return row.links;
  });
}
