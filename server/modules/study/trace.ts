import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { slideCalls } from '../../../shared/calls/study/pages.js';
import { ExerciseType, SlidePageType } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { digitalCodes, slides, visits } from '../../db/schema/index.js';
import { AppError, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { loadNotFound, studyContext, type StudyContext } from './context.js';
import { iso } from './wire.js';

registerMessages({
  ru: {
    'trace.notTrace': 'У этого упражнения нет цифрового следа',
    'trace.alreadyPresent': 'Преподаватель уже отметил ваше присутствие',
    'trace.absentSaved': 'Отсутствие отмечено',
  },
  en: {
    'trace.notTrace': 'This exercise has no digital trace',
    'trace.alreadyPresent': 'The instructor has already marked you present',
    'trace.absentSaved': 'Your absence has been recorded',
  },
});

/** The visit-journal source of a mark the student set themself by reporting an absence. */
export const ABSENT_SOURCE = 'absent';

/** A digital-trace exercise: an offline one (attendance) or one with a digital-trace slide. */
async function isTraceExercise(db: Db, ctx: StudyContext): Promise<boolean> {
  if (ctx.exercise.exerciseType === ExerciseType.offline) return true;
  const [s] = await db
    .select({ id: slides.id })
    .from(slides)
    .where(and(eq(slides.exerciseId, ctx.exercise.id), eq(slides.pageType, SlidePageType.trace)))
    .limit(1);
  return !!s;
}

/**
 * POST /api/Trainings/{courseId}/Exercises/{exerciseId}/Trace/Absent — the student reports that they
 * were absent for a digital-trace exercise. The server rule:
 * - only a student enrolled in the course, on an exercise of its program (404 otherwise), and only
 *   on a digital-trace exercise (offline type, or holding a trace slide; 404 'This exercise has no
 *   digital trace' otherwise);
 * - it records a visit-journal row for the student, course, lesson and exercise with source
 *   'absent' (marked by the student), which the instructor sees in the visit journal;
 * - idempotent: a repeated report keeps the first mark and answers the same 200;
 * - a presence the instructor already marked (manual or digital code) wins: 409 'The instructor has
 *   already marked you present', nothing changes (the instructor can unmark it first);
 * - the student's pending digital codes for the exercise are invalidated (no presence after an
 *   absence report); a later confirmed digital code still replaces the absent mark with the presence.
 * Answer: { message, absent: true, markedAt }.
 */
export function registerTraceRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, slideCalls.reportAbsence, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    if (!(await isTraceExercise(db, ctx))) throw new AppError(404, 'NotTrace', { title: 'trace.notTrace' });
    const key = { courseId: ctx.course.id, exerciseId: ctx.exercise.id, studentId: ctx.user.accountId };
    const mark = await db.transaction(async (tx) => {
      await tx
        .insert(visits)
        .values({ ...key, lessonId: ctx.exercise.lessonId, markedBy: ctx.user.accountId, source: ABSENT_SOURCE })
        .onConflictDoNothing();
      await tx
        .update(digitalCodes)
        .set({ expiresAt: new Date() })
        .where(and(eq(digitalCodes.accountId, key.studentId), eq(digitalCodes.courseId, key.courseId), eq(digitalCodes.exerciseId, key.exerciseId), isNull(digitalCodes.confirmedAt), gt(digitalCodes.expiresAt, new Date())));
      const [row] = await tx
        .select()
        .from(visits)
        .where(and(eq(visits.courseId, key.courseId), eq(visits.exerciseId, key.exerciseId), eq(visits.studentId, key.studentId)));
      // rolls the code invalidation back too
      if (row.source !== ABSENT_SOURCE) throw new AppError(409, 'AlreadyPresent', { title: 'trace.alreadyPresent' });
      return row;
    });
    return { message: translate(requestLang(request), 'trace.absentSaved'), absent: true as const, markedAt: iso(mark.markedAt) };
  });
}
