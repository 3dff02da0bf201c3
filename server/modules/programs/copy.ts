import { cp } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { programCalls } from '../../../shared/calls/programs.js';
import type { Config } from '../../config.js';
import { storeFile, type Storage } from '../../files/index.js';
import type { Db } from '../../db/client.js';
import {
  exerciseCompetencies,
  exerciseConstraints,
  exerciseFiles,
  exercises,
  exerciseTrainingConstraints,
  files,
  lessons,
  programs,
  slides,
} from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import { lessonNotFound, loadProgram, visibleProgramsWhere, type ExerciseRow } from './access.js';
import { lessonTree } from './programs.js';
import { pathOfKey, removeKey } from './storage.js';

/**
 * Copying lessons and exercises between programs (deep: exercises with their slides,
 * competencies, attribute constraints, files and SCORM package; course constraints only
 * when copying inside one program, as courses belong to a program). Slides keep pointing
 * at the same bank questions and the same uploaded media.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** what a copy wrote outside the database, removed again when it fails */
interface Created {
  packages: string[];
  files: string[];
}

const omit = <T extends Record<string, unknown>, K extends keyof T>(row: T, ...keys: K[]): Omit<T, K> => {
  const out = { ...row };
  for (const k of keys) delete out[k];
  return out;
};

async function copyExercise(tx: Tx, config: Config, storage: Storage, src: ExerciseRow, programId: number, lessonId: number, sequence: number, created: Created) {
  let scormPackagePath: string | null = null;
  const [copy] = await tx
    .insert(exercises)
    .values({ ...omit(src, 'id', 'createdAt', 'updatedAt'), programId, lessonId, sequence, scormPackagePath: null })
    .returning({ id: exercises.id });
  if (src.scormPackagePath) {
    scormPackagePath = `scorm/${copy.id}-${randomBytes(6).toString('hex')}`;
    created.packages.push(scormPackagePath);
    await cp(pathOfKey(config, src.scormPackagePath), pathOfKey(config, scormPackagePath), { recursive: true, errorOnExist: true });
    await tx.update(exercises).set({ scormPackagePath }).where(eq(exercises.id, copy.id));
  }
  const srcSlides = await tx.select().from(slides).where(eq(slides.exerciseId, src.id));
  if (srcSlides.length) await tx.insert(slides).values(srcSlides.map((s) => ({ ...omit(s, 'id', 'createdAt', 'updatedAt'), exerciseId: copy.id })));
  const comps = await tx.select().from(exerciseCompetencies).where(eq(exerciseCompetencies.exerciseId, src.id));
  if (comps.length) await tx.insert(exerciseCompetencies).values(comps.map((c) => ({ ...omit(c, 'id'), exerciseId: copy.id })));
  const cons = await tx.select().from(exerciseConstraints).where(eq(exerciseConstraints.exerciseId, src.id));
  if (cons.length) await tx.insert(exerciseConstraints).values(cons.map((c) => ({ ...omit(c, 'id', 'createdAt'), exerciseId: copy.id })));
  if (src.programId === programId) {
    const tcs = await tx.select().from(exerciseTrainingConstraints).where(eq(exerciseTrainingConstraints.exerciseId, src.id));
    if (tcs.length) await tx.insert(exerciseTrainingConstraints).values(tcs.map((c) => ({ ...omit(c, 'id', 'createdAt'), exerciseId: copy.id })));
  }
  const attached = await tx
    .select({ link: exerciseFiles, f: files })
    .from(exerciseFiles)
    .innerJoin(files, eq(files.id, exerciseFiles.fileId))
    .where(eq(exerciseFiles.exerciseId, src.id));
  for (const { link, f } of attached) {
    // a copy of the bytes, so dropping either exercise's file leaves the other's intact; not an upload: no quota check
    const meta = { name: f.name, purpose: f.purpose ?? 'exercise', ownerId: f.ownerId, checkQuota: false };
    const nf = await storeFile(tx as unknown as Db, storage, meta, await storage.get(f.storageKey));
    created.files.push(nf.storageKey);
    await tx.insert(exerciseFiles).values({ exerciseId: copy.id, fileId: nf.id, title: link.title, sequence: link.sequence });
  }
  return copy.id;
}

async function nextSequence(tx: Tx, table: typeof lessons | typeof exercises, where: ReturnType<typeof eq>) {
  const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${table.sequence}), 0)::int` }).from(table).where(where);
  return Number(n) + 1;
}

export function registerCopyRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const config = fastify.config;

  route(fastify, programCalls.lessonsToCopy, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    return (await lessonTree(db, program.id)).map((l) => ({
      id: l.id,
      label: l.label,
      exercises: l.exercises.map((e) => ({ id: e.id, label: e.label, kind: e.kind, exerciseType: e.exerciseType })),
    }));
  });

  route(fastify, programCalls.copyLessons, async (request, reply) => {
    const user: AuthUser = currentUser(request);
    const b = request.body;
    const target = await loadProgram(db, user, b.courseId);
    // Source lessons: each in a program the caller sees.
    const lessonIds = [...new Set(b.lessons.map((l) => l.lessonId))];
    const srcLessons = await db
      .select({ l: lessons })
      .from(lessons)
      .innerJoin(programs, eq(programs.id, lessons.programId))
      .where(and(inArray(lessons.id, lessonIds), visibleProgramsWhere(user)));
    if (srcLessons.length !== lessonIds.length) throw lessonNotFound();
    if (b.targetLessonId !== undefined) {
      const [tl] = await db.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.id, b.targetLessonId), eq(lessons.programId, target.id)));
      if (!tl) throw lessonNotFound();
    }
    const byId = new Map(srcLessons.map((r) => [r.l.id, r.l]));
    const written: Created = { packages: [], files: [] };
    try {
      const result = await db.transaction(async (tx) => {
        const created: { lessonId: number; label: string; exerciseIds: number[] }[] = [];
        let copiedExercises = 0;
        for (const item of b.lessons) {
          const src = byId.get(item.lessonId)!;
          let exs = await tx.select().from(exercises).where(eq(exercises.lessonId, src.id)).orderBy(exercises.sequence, exercises.id);
          if (item.exerciseIds) {
            const wanted = new Set(item.exerciseIds);
            exs = exs.filter((e) => wanted.has(e.id));
            if (exs.length !== wanted.size) throw badRequest('ExerciseNotInLesson', { title: 'programs.exerciseNotFound' });
          }
          let lessonId: number;
          if (b.targetLessonId !== undefined) {
            lessonId = b.targetLessonId;
          } else {
            const [nl] = await tx
              .insert(lessons)
              .values({
                programId: target.id,
                label: src.label,
                description: src.description,
                constraints: src.programId === target.id ? src.constraints : {},
                sequence: await nextSequence(tx, lessons, eq(lessons.programId, target.id)),
              })
              .returning({ id: lessons.id, label: lessons.label });
            lessonId = nl.id;
            created.push({ lessonId, label: nl.label, exerciseIds: [] });
          }
          let seq = await nextSequence(tx, exercises, eq(exercises.lessonId, lessonId));
          for (const e of exs) {
            const id = await copyExercise(tx, config, fastify.storage, e, target.id, lessonId, seq++, written);
            copiedExercises++;
            created.find((c) => c.lessonId === lessonId)?.exerciseIds.push(id);
          }
        }
        if (created.length === 0 && copiedExercises === 0) throw badRequest('NothingToCopy', { title: 'programs.copyNothing' });
        await tx.update(programs).set({ updatedAt: new Date() }).where(eq(programs.id, target.id));
        return { courseId: target.id, lessons: created, exercisesCount: copiedExercises };
      });
      reply.status(201);
      return result;
    } catch (err) {
      for (const key of written.packages) await removeKey(config, key).catch(() => undefined);
      for (const key of written.files) await fastify.storage.delete(key).catch(() => undefined);
      throw err;
    }
  });
}
