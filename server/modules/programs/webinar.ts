import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exerciseCalls } from '../../../shared/calls/exercises.js';
import type { WebinarInput } from '../../../shared/programs.js';
import { exercises } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { loadExercise, loadLesson, type ExerciseRow } from './access.js';
import { exerciseColumns, exerciseInfo, insertExercise, updateExercise } from './exerciseInfo.js';
import { currentUser } from '../../auth/context.js';

/**
 * Webinar exercises: a link to a video meeting room, recreated on demand, and the link
 * of its recording (uploaded through the storage module, then saved here).
 *
 * Rooms: no webinar service is configured, so a room is a fresh, unguessable address on
 * a meeting service that opens rooms on first visit (`webinarRoomBase`); an instructor may
 * give their own link instead. Recreate replaces the room and forgets the old recording.
 */
export const webinarSettings = { roomBase: 'https://meet.jit.si' };

const newRoom = (exerciseId?: number) =>
  `${webinarSettings.roomBase.replace(/\/$/, '')}/elp-${exerciseId ?? 'x'}-${randomBytes(9).toString('base64url')}`;

function webinarColumns(b: WebinarInput) {
  return {
    ...exerciseColumns(b),
    ...(b.webinarStartsAt === undefined ? {} : { webinarStartsAt: b.webinarStartsAt ? new Date(b.webinarStartsAt) : null }),
  };
}

const notWebinar = () => badRequest('NotWebinar', { title: 'programs.notWebinar' });
function assertWebinar(e: ExerciseRow) {
  if (e.kind !== 'webinar') throw notWebinar();
}

export function registerWebinarRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, exerciseCalls.createWebinar, async (request, reply) => {
    const { program, lesson } = await loadLesson(db, currentUser(request), request.params.programId, request.params.lessonId);
    const b = request.body;
    const row = await insertExercise(db, program.id, lesson.id, 'webinar', b, {
      webinarLink: b.webinarLink || null,
      webinarStartsAt: b.webinarStartsAt ? new Date(b.webinarStartsAt) : null,
    });
    reply.status(201);
    // without a link of its own the room is made now (its address names the exercise)
    return row.webinarLink ? exerciseInfo(row) : updateExercise(db, row.id, { webinarLink: newRoom(row.id) });
  });

  route(fastify, exerciseCalls.webinarInfo, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    assertWebinar(exercise);
    return exerciseInfo(exercise);
  });

  route(fastify, exerciseCalls.saveWebinarInfo, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id, request.params.programId);
    assertWebinar(exercise);
    const b = request.body;
    return updateExercise(db, exercise.id, {
      ...webinarColumns(b),
      ...(b.webinarLink === undefined ? {} : { webinarLink: b.webinarLink || exercise.webinarLink || newRoom(exercise.id) }),
    });
  });

  route(fastify, exerciseCalls.recreateWebinar, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    assertWebinar(exercise);
    return updateExercise(db, exercise.id, { webinarLink: newRoom(exercise.id), webinarRecordingLink: null });
  });

  route(fastify, exerciseCalls.webinarRecording, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.id);
    assertWebinar(exercise);
    return { exerciseId: exercise.id, link: exercise.webinarRecordingLink };
  });

  route(fastify, exerciseCalls.saveWebinarRecording, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.body.exerciseId);
    assertWebinar(exercise);
    await db.update(exercises).set({ webinarRecordingLink: request.body.link, updatedAt: new Date() }).where(eq(exercises.id, exercise.id));
    return { exerciseId: exercise.id, link: request.body.link };
  });
}
