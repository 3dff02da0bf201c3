import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exerciseCalls } from '../../../shared/calls/exercises.js';
import { fillPath } from '../../../shared/http/call.js';
import { deleteFile, registerFileAccessCheck, sendStoredFile, storeLocalFile } from '../../files/index.js';
import { exerciseFiles, exercises, files } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise } from './access.js';
import { readMultipart } from './multipart.js';
import { makeTempDir } from './storage.js';
import { currentUser } from '../../auth/context.js';

/** Files attached to an exercise (upload, list, download, drop) and its links for students. */
export const exerciseFileLimits = {
  /** spec 2 §6: multi-file default limit 2048 MB */
  maxFileBytes: 2048 * 1024 * 1024,
};

const fileNotFound = () => notFound('FileNotFound', { title: 'programs.fileNotFound' });

/**
 * Who may read an exercise's file through GET /api/files/{id}: instructors who see its
 * program, and students enrolled (studying) in a course that runs the program.
 */
registerFileAccessCheck('exercise-files', async ({ db, user, file }) => {
  if (file.purpose !== 'exercise') return false;
  const rows = await db.execute(sql`
    select 1 from exercise_files ef
    join exercises e on e.id = ef.exercise_id
    where ef.file_id = ${file.id} and (
      exists (select 1 from courses c join enrolments en on en.course_id = c.id
              where c.program_id = e.program_id and en.account_id = ${user.accountId} and en.status = 1)
      or (${user.role} = 'Instructors' and (
        exists (select 1 from program_authors pa where pa.program_id = e.program_id and pa.account_id = ${user.accountId})
        or not exists (select 1 from program_authors pa where pa.program_id = e.program_id)))
    ) limit 1`);
  return ((rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length > 0;
});

export function registerFileRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const config = fastify.config;

  const list = async (exerciseId: number) => {
    const rows = await db
      .select({ id: files.id, name: files.name, mime: files.mime, size: files.size, title: exerciseFiles.title, sequence: exerciseFiles.sequence })
      .from(exerciseFiles)
      .innerJoin(files, eq(files.id, exerciseFiles.fileId))
      .where(eq(exerciseFiles.exerciseId, exerciseId))
      .orderBy(exerciseFiles.sequence, exerciseFiles.id);
    return rows.map((r) => ({ ...r, address: fillPath(exerciseCalls.downloadFile.path, { id: exerciseId, fileId: r.id }) }));
  };

  route(fastify, exerciseCalls.files, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    return { files: await list(exercise.id), links: exercise.downloadableFiles };
  });

  route(fastify, exerciseCalls.uploadFile, async (request, reply) => {
    const user = currentUser(request);
    const { exercise } = await loadExercise(db, user, request.params.id);
    const tmp = await makeTempDir(config, 'upload');
    try {
      const { fields, file } = await readMultipart(request, tmp, exerciseFileLimits.maxFileBytes);
      if (!file) throw badRequest('FileUpload.DataError', { title: 'programs.fileMissing' });
      // Bytes go to the shared storage (disk or S3) with their files row, then get attached.
      const stored = await storeLocalFile(db, fastify.storage, { name: file.filename, purpose: 'exercise', ownerId: user.accountId }, file.path);
      try {
        const seq = (await db.select({ id: exerciseFiles.id }).from(exerciseFiles).where(eq(exerciseFiles.exerciseId, exercise.id))).length + 1;
        await db.insert(exerciseFiles).values({ exerciseId: exercise.id, fileId: stored.id, title: fields.title?.slice(0, 255) || null, sequence: seq });
      } catch (err) {
        await deleteFile(db, fastify.storage, stored.id);
        throw err;
      }
      reply.status(201);
      return (await list(exercise.id)).find((f) => f.id === stored.id);
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

  route(fastify, exerciseCalls.downloadFile, async (request, reply) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const { f } = await findFile(exercise.id, request.params.fileId);
    return sendStoredFile(fastify.storage, f, request, reply, { download: true });
  });

  route(fastify, exerciseCalls.dropFile, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const { f } = await findFile(exercise.id, request.params.fileId);
    await deleteFile(db, fastify.storage, f.id);
    return list(exercise.id);
  });

  route(fastify, exerciseCalls.saveLinks, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    const [row] = await db
      .update(exercises)
      .set({ downloadableFiles: request.body.links, updatedAt: new Date() })
      .where(eq(exercises.id, exercise.id))
      .returning({ links: exercises.downloadableFiles });
    return row.links;
  });
}
