import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ltiCalls as calls, type LtiExerciseInput, type LtiLink } from '../../../shared/calls/lti.js';
import type { Db } from '../../db/client.js';
import { ltiLinks, ltiTools } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { currentUser } from '../../auth/context.js';
import { loadExercise, loadLesson, type ExerciseRow } from '../programs/access.js';
import { exerciseColumns, exerciseInfo, insertExercise, updateExercise } from '../programs/exerciseInfo.js';
import { loadTool } from './tools.js';
import './messages.js';

export const notLti = () => badRequest('NotLti', { title: 'lti.notLti' });
export function assertLti(e: ExerciseRow) {
  if (e.kind !== 'lti') throw notLti();
}

/** The resource link of an external tool exercise, with its tool's name and the presentation in force. */
export async function linkOf(db: Db, exerciseId: number): Promise<LtiLink | null> {
  const [row] = await db
    .select({ l: ltiLinks, toolName: ltiTools.name, toolPresentation: ltiTools.presentation })
    .from(ltiLinks)
    .innerJoin(ltiTools, eq(ltiTools.id, ltiLinks.toolId))
    .where(eq(ltiLinks.exerciseId, exerciseId));
  if (!row) return null;
  const { l } = row;
  return { exerciseId, toolId: l.toolId, toolName: row.toolName, url: l.url, title: l.title, custom: l.custom, presentation: l.presentation ?? row.toolPresentation };
}

const linkColumns = (b: LtiExerciseInput) => ({ toolId: b.toolId, url: b.url || null, presentation: b.presentation || null });

/** An instructor adds an external tool exercise to a lesson, reads and changes its resource link. */
export function registerLtiExerciseRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.createExercise, async (request, reply) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    await loadTool(db, request.body.toolId);
    const row = await db.transaction(async (tx) => {
      const made = await insertExercise(tx as unknown as Db, program.id, lesson.id, 'lti', request.body);
      await tx.insert(ltiLinks).values({ exerciseId: made.id, ...linkColumns(request.body) });
      return made;
    });
    reply.status(201);
    return exerciseInfo(row);
  });

  route(fastify, calls.link, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    assertLti(exercise);
    const link = await linkOf(db, exercise.id);
    if (!link) throw notLti();
    return link;
  });

  route(fastify, calls.saveLink, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    assertLti(exercise);
    await loadTool(db, request.body.toolId);
    await updateExercise(db, exercise.id, exerciseColumns(request.body));
    const set = linkColumns(request.body);
    await db.insert(ltiLinks).values({ exerciseId: exercise.id, ...set }).onConflictDoUpdate({ target: ltiLinks.exerciseId, set: { ...set, updatedAt: new Date() } });
    return (await linkOf(db, exercise.id))!;
  });
}
