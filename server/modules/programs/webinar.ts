import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { programPaths as P, webinarInput, webinarVideoInput, type WebinarInput } from '../../../shared/programs.js';
import { exercises } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { loadExercise, loadLesson, userOf, type ExerciseRow } from './access.js';
import { idParams, lessonParams, opts, path, programIdParams, typed } from './common.js';
import { exerciseColumns, exerciseInfo, insertExercise } from './exerciseInfo.js';

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
  const app = typed(fastify);
  const db = fastify.db;

  app.post(path(P.createWebinar), opts({ params: lessonParams, body: webinarInput }), async (request, reply) => {
    const { program, lesson } = await loadLesson(db, userOf(request), request.params.programId, request.params.lessonId);
    const b = request.body;
    let row = await insertExercise(db, program.id, lesson.id, 'webinar', b, {
      webinarLink: b.webinarLink || null,
      webinarStartsAt: b.webinarStartsAt ? new Date(b.webinarStartsAt) : null,
    });
    if (!row.webinarLink) {
      [row] = await db.update(exercises).set({ webinarLink: newRoom(row.id) }).where(eq(exercises.id, row.id)).returning();
    }
    reply.status(201);
    return exerciseInfo(row);
  });

  app.get(path(P.infoWebinar), opts({ params: programIdParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id, request.params.programId);
    assertWebinar(exercise);
    return exerciseInfo(exercise);
  });

  app.put(path(P.infoWebinar), opts({ params: programIdParams, body: webinarInput }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id, request.params.programId);
    assertWebinar(exercise);
    const b = request.body;
    const [row] = await db
      .update(exercises)
      .set({
        ...webinarColumns(b),
        ...(b.webinarLink === undefined ? {} : { webinarLink: b.webinarLink || exercise.webinarLink || newRoom(exercise.id) }),
        updatedAt: new Date(),
      })
      .where(eq(exercises.id, exercise.id))
      .returning();
    return exerciseInfo(row);
  });

  app.put(path(P.webinarRecreate), opts({ params: idParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    assertWebinar(exercise);
    const [row] = await db
      .update(exercises)
      .set({ webinarLink: newRoom(exercise.id), webinarRecordingLink: null, updatedAt: new Date() })
      .where(eq(exercises.id, exercise.id))
      .returning();
    return exerciseInfo(row);
  });

  app.get(path(P.webinarVideo), opts({ params: idParams }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.params.id);
    assertWebinar(exercise);
    return { exerciseId: exercise.id, link: exercise.webinarRecordingLink };
  });

  app.post(path(P.webinarVideoSave), opts({ body: webinarVideoInput }), async (request) => {
    const { exercise } = await loadExercise(db, userOf(request), request.body.exerciseId);
    assertWebinar(exercise);
    await db.update(exercises).set({ webinarRecordingLink: request.body.link, updatedAt: new Date() }).where(eq(exercises.id, exercise.id));
    return { exerciseId: exercise.id, link: request.body.link };
  });
}
