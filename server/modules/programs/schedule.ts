import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exerciseScheduleCalls, lessonScheduleCalls } from '../../../shared/calls/constraints.js';
import type { ScheduleInput, ScheduleRecord } from '../../../shared/programs.js';
import { courseOf } from '../../auth/courseScope.js';
import type { Db } from '../../db/client.js';
import type { CourseRow } from '../courses/access.js';
import { exercises, lessons, schedules } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { exerciseNotFound, lessonNotFound } from './access.js';
import { iso } from './common.js';

/**
 * Schedules of an exercise or a lesson in one course (spec 3 §7.7): GET (null when none),
 * POST /create (409 when one exists), PUT /edit and DELETE /delete (404 when none).
 * The exercise or lesson must belong to the course's program.
 */
type Target = { kind: 'exercise'; id: number } | { kind: 'lesson'; id: number };

function record(r: typeof schedules.$inferSelect): ScheduleRecord {
  return {
    id: r.id,
    courseId: r.courseId,
    exerciseId: r.exerciseId,
    lessonId: r.lessonId,
    begin: iso(r.begin)!,
    end: iso(r.end),
    location: r.location,
    isScheduleAffectAccess: r.affectsAccess,
  };
}

async function resolve(db: Db, course: CourseRow, kind: Target['kind'], rawId: string) {
  const id = parseIntId(rawId);
  const missing = kind === 'exercise' ? exerciseNotFound : lessonNotFound;
  if (id === null) throw missing();
  const table = kind === 'exercise' ? exercises : lessons;
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, id), eq(table.programId, course.programId)));
  if (!row) throw missing();
  const where = and(eq(schedules.courseId, course.id), kind === 'exercise' ? eq(schedules.exerciseId, id) : eq(schedules.lessonId, id));
  return { course, target: { kind, id } as Target, where };
}

const columns = (b: ScheduleInput) => ({
  begin: new Date(b.begin),
  end: b.end ? new Date(b.end) : null,
  location: b.location ?? null,
  affectsAccess: b.isScheduleAffectAccess ?? false,
});

const scheduleNotFound = () => notFound('ScheduleNotFound', { title: 'programs.scheduleNotFound' });
const sendNull = (reply: FastifyReply) => reply.type('application/json').send('null');

/**
 * A schedule belongs to one course: reading it needs staff of that course, setting it (schedules
 * can block access) the course's syllabus permission, on top of the programs rule (declared on
 * the calls, shared/calls/constraints.ts).
 */
export function registerScheduleRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const kinds = [
    ['exercise', exerciseScheduleCalls],
    ['lesson', lessonScheduleCalls],
  ] as const;

  for (const [kind, calls] of kinds) {
    // the exercise or lesson of the path (each call of the pair names its own)
    const target = (request: { params: Record<string, string> }) => request.params[kind === 'exercise' ? 'exerciseId' : 'lessonId'];

    route(fastify, calls.get, async (request, reply) => {
      const { where } = await resolve(db, courseOf(request).course, kind, target(request));
      const [row] = await db.select().from(schedules).where(where);
      return row ? record(row) : sendNull(reply);
    });

    route(fastify, calls.create, async (request, reply) => {
      const { course, target: t } = await resolve(db, courseOf(request).course, kind, target(request));
      const inserted = await db
        .insert(schedules)
        .values({
          courseId: course.id,
          exerciseId: t.kind === 'exercise' ? t.id : null,
          lessonId: t.kind === 'lesson' ? t.id : null,
          ...columns(request.body),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted.length) throw conflict('ScheduleExists', { title: 'programs.scheduleExists' });
      reply.status(201);
      return record(inserted[0]);
    });

    route(fastify, calls.edit, async (request) => {
      const { where } = await resolve(db, courseOf(request).course, kind, target(request));
      const [row] = await db.update(schedules).set(columns(request.body)).where(where).returning();
      if (!row) throw scheduleNotFound();
      return record(row);
    });

    route(fastify, calls.delete, async (request) => {
      const { where } = await resolve(db, courseOf(request).course, kind, target(request));
      const [row] = await db.delete(schedules).where(where).returning();
      if (!row) throw scheduleNotFound();
      return record(row);
    });
  }
}
