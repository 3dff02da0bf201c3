import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ListAnswer } from '../../../shared/account.js';
import { programCalls } from '../../../shared/calls/programs.js';
import type { QueryOf } from '../../../shared/http/call.js';
import type { ExerciseSummary, LessonRecord, ProgramRecord } from '../../../shared/programs.js';
import type { Db } from '../../db/client.js';
import { courses, exercises, lessons, programAuthors, programs } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { checkPictureAddress, cleanPlainText } from '../../richtext/index.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import { loadProgram, visibleProgramsWhere, type ProgramRow } from './access.js';
import { deleteExercisesWhere } from './cleanup.js';
import { route } from '../../http/route.js';
import { iso } from './common.js';

/** Programs (API "Course"): list, view, create, edit, drop, isExistTrainings, the copy-source list. */

// Correlated subqueries spelled out: drizzle leaves columns unqualified in select fields.
const lessonsCount = sql<number>`(select count(*)::int from "lessons" l where l."program_id" = "programs"."id")`;
const exercisesCount = sql<number>`(select count(*)::int from "exercises" e where e."program_id" = "programs"."id")`;
const authorsCount = sql<number>`(select count(*)::int from "program_authors" a where a."program_id" = "programs"."id")`;

function record(row: ProgramRow & { lessonsCount: number; exercisesCount: number; authorsCount: number }): ProgramRecord {
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    isReady: row.isReady,
    picture: row.picture,
    lessonsCount: Number(row.lessonsCount),
    exercisesCount: Number(row.exercisesCount),
    authorsCount: Number(row.authorsCount),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

async function programRecord(db: Db, id: number): Promise<ProgramRecord> {
  const [row] = await db
    .select({ p: programs, lessonsCount, exercisesCount, authorsCount })
    .from(programs)
    .where(eq(programs.id, id));
  return record({ ...row.p, lessonsCount: row.lessonsCount, exercisesCount: row.exercisesCount, authorsCount: row.authorsCount });
}

/** Lessons in order, each with its exercises in order (the program view, the copy dialog). */
export async function lessonTree(db: Db, programId: number): Promise<LessonRecord[]> {
  const ls = await db.select().from(lessons).where(eq(lessons.programId, programId)).orderBy(lessons.sequence, lessons.id);
  const slidesCount = sql<number>`(select count(*)::int from "slides" s where s."exercise_id" = "exercises"."id")`;
  const ex = await db
    .select({
      id: exercises.id,
      lessonId: exercises.lessonId,
      label: exercises.label,
      kind: exercises.kind,
      exerciseType: exercises.exerciseType,
      sequence: exercises.sequence,
      isScoExercise: exercises.isScoExercise,
      availabilityRule: exercises.availabilityRule,
      completionCondition: exercises.completionCondition,
      slidesCount,
    })
    .from(exercises)
    .where(eq(exercises.programId, programId))
    .orderBy(exercises.sequence, exercises.id);
  return ls.map((l) => ({
    id: l.id,
    programId: l.programId,
    label: l.label,
    description: l.description,
    sequence: l.sequence,
    exercises: ex.filter((e) => e.lessonId === l.id).map((e): ExerciseSummary => ({ ...e, slidesCount: Number(e.slidesCount) })),
  }));
}

export async function listPrograms(
  db: Db,
  user: AuthUser,
  q: QueryOf<typeof programCalls.list>,
): Promise<ListAnswer<ProgramRecord>> {
  const ready = q.ready === undefined ? undefined : q.ready.toLowerCase() === 'true';
  const search = q.search?.trim();
  const where = and(
    visibleProgramsWhere(user),
    search ? ilike(programs.label, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    ready === undefined ? undefined : eq(programs.isReady, ready),
  );
  const [{ total }] = await db.select({ total: count() }).from(programs).where(where);
  let query = db
    .select({ p: programs, lessonsCount, exercisesCount, authorsCount })
    .from(programs)
    .where(where)
    .orderBy(desc(programs.updatedAt), desc(programs.id))
    .$dynamic();
  if (q.take !== undefined) query = query.limit(q.take);
  if (q.skip) query = query.offset(q.skip);
  const rows = await query;
  return {
    result: rows.map((r) => record({ ...r.p, lessonsCount: r.lessonsCount, exercisesCount: r.exercisesCount, authorsCount: r.authorsCount })),
    metadata: { filteredRecords: total },
  };
}

export async function coursesUsing(db: Db, programId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(courses).where(eq(courses.programId, programId));
  return n;
}

export function registerProgramRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const calls = programCalls;

  route(fastify, calls.list, async (request) => listPrograms(db, currentUser(request), request.query));

  route(fastify, calls.view, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    return { ...(await programRecord(db, program.id)), lessons: await lessonTree(db, program.id) };
  });

  route(fastify, calls.create, async (request, reply) => {
    const user = currentUser(request);
    const b = request.body;
    checkPictureAddress(request, b.picture);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(programs)
        .values({ label: b.label, description: cleanPlainText(b.description) ?? null, isReady: b.isReady ?? false, picture: b.picture ?? null, createdBy: user.accountId })
        .returning({ id: programs.id });
      // The creator is the first author (access rule in access.ts).
      await tx.insert(programAuthors).values({ programId: row.id, accountId: user.accountId });
      return row.id;
    });
    reply.status(201);
    return programRecord(db, id);
  });

  route(fastify, calls.edit, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    const b = request.body;
    checkPictureAddress(request, b.picture);
    await db
      .update(programs)
      .set({
        label: b.label,
        description: b.description === undefined ? program.description : cleanPlainText(b.description),
        isReady: b.isReady ?? program.isReady,
        picture: b.picture === undefined ? program.picture : b.picture,
        updatedAt: new Date(),
      })
      .where(eq(programs.id, program.id));
    return programRecord(db, program.id);
  });

  route(fastify, calls.drop, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    const used = await coursesUsing(db, program.id);
    if (used > 0) throw conflict('ProgramUsedByCourses', { title: 'programs.usedByCourses', vars: { count: used } });
    // Slides first (inside): they point at bank questions of this program with ON DELETE RESTRICT.
    await deleteExercisesWhere(db, fastify.config, fastify.storage, eq(exercises.programId, program.id), async (tx) => {
      await tx.delete(programs).where(eq(programs.id, program.id));
    });
    return { id: program.id };
  });

  route(fastify, calls.hasCourses, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.programId);
    return (await coursesUsing(db, program.id)) > 0;
  });

  route(fastify, calls.choices, async (request) =>
    db.select({ id: programs.id, label: programs.label, isReady: programs.isReady }).from(programs).where(visibleProgramsWhere(currentUser(request))).orderBy(programs.label, programs.id),
  );
}
