import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exerciseCalls } from '../../../shared/calls/exercises.js';
import { scormFields } from '../../../shared/programs.js';
import type { Config } from '../../config.js';
import { exercises } from '../../db/schema/index.js';
import { badRequest, requestLang, validationError, zodFieldErrors } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { loadExercise, loadLesson } from './access.js';
import { insertExercise, updateExercise } from './exerciseInfo.js';
import { readMultipart } from './multipart.js';
import { scormLimits, unpackScorm, type ScormManifest } from './scormPackage.js';
import { makeTempDir, pathOfKey, removeKey } from './storage.js';
import { currentUser } from '../../auth/context.js';

/**
 * SCORM exercises: POST .../Exercises/Create/SCORM (multipart: the package as `file`, the
 * exercise fields beside it) and the chosen replace call. The package is written and
 * unpacked inside a temporary folder, checked (scormPackage.ts), and only then moved
 * under `${DATA_DIR}/files/scorm/<exerciseId>-<random>`; any failure removes the folder.
 */

interface Received {
  fields: ReturnType<typeof scormFields.parse>;
  manifest: ScormManifest;
  /** unpacked package, inside `tmp` */
  dir: string;
  tmp: string;
}

async function receivePackage(request: FastifyRequest, config: Config, fieldsRequired: boolean): Promise<Received> {
  const tmp = await makeTempDir(config, 'scorm');
  try {
    const { fields, file } = await readMultipart(request, tmp, scormLimits.maxArchiveBytes);
    const parsed = scormFields.safeParse(fieldsRequired ? fields : { label: 'x', ...fields });
    if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, requestLang(request)));
    if (!file) throw validationError({ file: translate(requestLang(request), 'programs.fileMissing') });
    const dir = join(tmp, 'package');
    await mkdir(dir);
    const manifest = await unpackScorm(file.path, dir, config.SCORM_MAX_UNPACKED_MB * 1024 * 1024);
    await rm(file.path, { force: true });
    return { fields: parsed.data, manifest, dir, tmp };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Moves the unpacked package into the store; returns its key. */
async function store(config: Config, exerciseId: number, dir: string): Promise<string> {
  const key = `scorm/${exerciseId}-${randomBytes(6).toString('hex')}`;
  const target = pathOfKey(config, key);
  await mkdir(dirname(target), { recursive: true });
  await rename(dir, target);
  return key;
}

export function registerScormRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const config = fastify.config;

  route(fastify, exerciseCalls.createScorm, async (request, reply) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    const got = await receivePackage(request, config, true);
    let key: string | null = null;
    try {
      const row = await insertExercise(db, program.id, lesson.id, 'scorm', got.fields, {
        isScoExercise: true,
        scormManifest: { ...got.manifest },
      });
      try {
        key = await store(config, row.id, got.dir);
        const done = await updateExercise(db, row.id, { scormPackagePath: key });
        reply.status(201);
        return done;
      } catch (err) {
        await db.delete(exercises).where(eq(exercises.id, row.id));
        if (key) await removeKey(config, key);
        throw err;
      }
    } finally {
      await rm(got.tmp, { recursive: true, force: true });
    }
  });

  route(fastify, exerciseCalls.replaceScorm, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    if (exercise.kind !== 'scorm') throw badRequest('NotScorm', { title: 'programs.notScorm' });
    const got = await receivePackage(request, config, false);
    try {
      const key = await store(config, exercise.id, got.dir);
      try {
        const info = await updateExercise(db, exercise.id, { scormPackagePath: key, scormManifest: { ...got.manifest }, isScoExercise: true });
        if (exercise.scormPackagePath) await removeKey(config, exercise.scormPackagePath).catch(() => undefined);
        return info;
      } catch (err) {
        await removeKey(config, key);
        throw err;
      }
    } finally {
      await rm(got.tmp, { recursive: true, force: true });
    }
  });
}
