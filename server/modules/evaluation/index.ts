import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { evaluationCalls as calls } from '../../../shared/calls/evaluation.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { attempts } from '../../db/schema/index.js';
import { AppError, requestLang } from '../../errors.js';
import { registerFileAccessCheck } from '../../files/index.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { coursesAllowing, loadCourseAccess } from '../courses/access.js';
import { ANSWER_FILE_PURPOSE } from '../study/answerFiles.js';
import { courseExercise, exerciseAttempts } from './attempts.js';
import { checksStudent, evaluate, revaluationAccess, revert, saveDraft, sessionNotFound, type EvaluationScope } from './evaluate.js';
import { checkedStudents, coursesToVerify, exercisesToVerify, lessonsToVerify, waitingSessions } from './lists.js';
import './messages.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Exercises check (spec 3 §7.10 results verification and evaluation; spec 1 §2.9
 * /courses/{courseId}/exercises-check). Global rule ShowStudents (the students journal's flag:
 * spec 1 §6 names none for this screen), course action `evaluate` (instructors, and tutors with
 * panel permission 2 for their assigned students; moderators never).
 */
export const evaluationModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  // an answer's files are the checker's to download: a file of purpose 'answer' that an answer
  // names, in a course where the caller evaluates that student
  registerFileAccessCheck('answer-files-checkers', async ({ db: d, user, file }) => {
    if (file.purpose !== ANSWER_FILE_PURPOSE || user.role !== 'Instructors') return false;
    const found = rowsOf<{ courseId: number; studentId: number }>(
      await d.execute(sql`select distinct t."course_id" as "courseId", t."account_id" as "studentId" from "answers" a join "attempts" t on t."id" = a."attempt_id"
        where t."account_id" = ${file.ownerId} and (a."file_id" = ${file.id} or a."value"->'fileIds' @> jsonb_build_array(${file.id}::int))`),
    );
    const allowed = await coursesAllowing(d, user, found.map((f) => Number(f.courseId)), 'evaluate');
    for (const f of found) {
      if (!allowed.has(Number(f.courseId))) continue;
      const [ok] = rowsOf<{ ok: boolean }>(await d.execute(sql`select ${checkedStudents(user, sql`${Number(f.courseId)}::int`, sql`${Number(f.studentId)}::int`)} as "ok"`));
      if (ok?.ok) return true;
    }
    return false;
  });

  const scope = async (request: FastifyRequest & { params: { exerciseId: string } }): Promise<EvaluationScope> => {
    const access = courseOf(request);
    return { db, user: currentUser(request), access, exercise: await courseExercise(db, access, request.params.exerciseId), lang: requestLang(request) };
  };

  route(fastify, calls.courses, async (request) => coursesToVerify(db, currentUser(request)));

  route(fastify, calls.waiting, async (request) => {
    const user = currentUser(request);
    const mine = (await coursesToVerify(db, user)).map((c) => c.id);
    const ids = request.query.training === undefined ? mine : mine.filter((id) => id === request.query.training);
    return waitingSessions(db, user, ids, request.query.search);
  });

  route(fastify, calls.lessons, async (request) => lessonsToVerify(db, currentUser(request), courseOf(request), request.query.searchString));

  route(fastify, calls.exercises, async (request) =>
    exercisesToVerify(db, currentUser(request), courseOf(request), request.query.lessonId, request.query.searchString),
  );

  route(fastify, calls.exercise, async (request) => {
    const access = courseOf(request);
    const exercise = await courseExercise(db, access, request.params.exerciseId);
    return exerciseAttempts(db, currentUser(request), access, exercise, request.body.filter, request.body.search);
  });

  route(fastify, calls.draft, async (request) => saveDraft(await scope(request), request.params.sessionId, request.body));
  route(fastify, calls.evaluate, async (request) => evaluate(await scope(request), request.params.sessionId, request.body));
  route(fastify, calls.revert, async (request) => revert(await scope(request), request.params.studentId));

  route(fastify, calls.accessToRevaluation, async (request) => {
    const user = currentUser(request);
    const id = parseIntId(request.params.sessionId);
    if (id === null) throw sessionNotFound();
    const [attempt] = await db.select().from(attempts).where(eq(attempts.id, id));
    if (!attempt) throw sessionNotFound();
    // a course the caller does not see answers as an unknown attempt (no hint that it exists)
    const access = await loadCourseAccess(db, user, attempt.courseId, 'evaluate').catch((e: unknown) => {
      throw e instanceof AppError && e.status === 404 ? sessionNotFound() : e;
    });
    const s: EvaluationScope = { db, user, access, exercise: await courseExercise(db, access, attempt.exerciseId), lang: requestLang(request) };
    if (!(await checksStudent(db, s, attempt.accountId))) throw sessionNotFound();
    return revaluationAccess(db, attempt);
  });
};
