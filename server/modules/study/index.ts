import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { answerCalls, saveCallOf, type AnswerKind } from '../../../shared/calls/study/answers.js';
import { resultCalls } from '../../../shared/calls/study/results.js';
import { slideCalls } from '../../../shared/calls/study/pages.js';
import { currentUser } from '../../auth/context.js';
import { AppError, requestLang } from '../../errors.js';
import { claimBeforeWrite, keyToWrite, keyWritten } from '../../http/idempotency.js';
import { route } from '../../http/route.js';
import { attempts } from '../../db/schema/index.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import './messages.js';
import { activeAttempt, isPastDeadline, latestAttempt } from './attempts.js';
import { answerClockClaim, answeredAtByServer } from './answerClock.js';
import { answeredSlide, execVisibleCases, gradeAnswer, parseBody, storeAnswer } from './answers.js';
import { storeFileAnswer } from './answerFiles.js';
import { bodyInHandler } from './bodyInHandler.js';
import { closeAttempt, scormReportedResult } from './close.js';
import { registerCompetencyRoutes } from './competencies.js';
import { loadNotFound, restartNotFound, saveNotFound, sessionNotFound, studyContext, timeExpired } from './context.js';
import { registerFeedbackRoutes } from './feedback.js';
import { attemptResult, sessionNotCompleted, unansweredRequired } from './finish.js';
import { saveContext, saveSlide } from './hotCache.js';
import { storeAnswerInBatch } from './saveBatch.js';
import { loadPage } from './pages.js';
import { registerReflectionRoutes } from './reflection.js';
import { restartExercise } from './restart.js';
import { registerScormStudyRoutes } from './scorm.js';
import { previewInsteadOfStep, previewStart } from './startPreview.js';
import { registerTraceRoutes } from './trace.js';
import { dropUnsavedUpload, receiveAnswerFile } from './upload.js';
import { iso } from './wire.js';
import { answerSaved } from '../../events/answers.js';

/**
 * The exercise player's server side (spec 3 §7.4, §8.3–8.4): slide load with attempts
 * (API "Session"), answer saves per question kind, finishing with the final page's data,
 * and retakes. Rule 'student' on every call (shared/calls/study); a course the caller does not
 * study in, an exercise outside its program, or another student's session answers 404.
 */
function routes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, slideCalls.load, async (request) => {
    // a start goes through the saves' cache (hotCache.ts), filling it for the student's first answer
    const context = request.body.slideId === 'start' && !request.body.preview ? saveContext : studyContext;
    const ctx = await context(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    // the hello page shown without starting the attempt (its clock starts on Start)
    if (request.body.preview && request.body.slideId === 'start') return previewStart(db, ctx);
    // another step before the first attempt: the hello page's preview in its place (startPreview.ts)
    if (request.body.preview) {
      const instead = await previewInsteadOfStep(db, ctx, request.body.sessionId);
      if (instead) return instead;
    }
    return loadPage(db, ctx, request.body.slideId, request.body.sessionId, new Date(), request.body.prefetch === true);
  });

  /** One answer save at its course, exercise and slide (as the path gives them): the body is parsed after the 404s. */
  async function saveAnswerAt(request: FastifyRequest, reply: FastifyReply, kind: AnswerKind, at: { courseId: string; exerciseId: string; slideId: string }) {
    const user = currentUser(request);
    const lang = requestLang(request);
    // course, exercise and slide from the hot path's short cache (hotCache.ts); the attempt is checked by the save itself
    const ctx = await saveContext(db, user, at.courseId, at.exerciseId, saveNotFound);
    const slide = await saveSlide(db, ctx.exercise.id, at.slideId, kind);
    const expire = (a: Parameters<typeof closeAttempt>[2]) => closeAttempt(db, ctx, a, 'expired');
    const upload =
      kind === 'files' && request.isMultipart()
        ? await receiveAnswerFile(request, db, fastify.storage, slide, user.accountId, lang, (sid) => activeAttempt(db, ctx, sid, saveNotFound, expire))
        : null;
    // an answer made without a connection comes later with the device's clock claim: the server
    // reckons when it was made (answerClock.ts) and checks the deadline at that time
    const receivedAt = new Date();
    const claim = answerClockClaim(request.headers);
    const times = claim ? { answeredAt: answeredAtByServer(receivedAt, claim), receivedAt } : null;
    const answeredAt = times?.answeredAt ?? receivedAt;
    const save = async (raw: unknown) => {
      const body = parseBody(kind, raw, lang);
      // the slow path: which error applies (404 / 400.16 / 400.17, expiring the attempt), or the attempt
      const check = () => activeAttempt(db, ctx, body.sessionId, saveNotFound, expire, answeredAt);
      const given = body.sessionId !== undefined && body.sessionId !== null && body.sessionId !== '';
      const attemptId = given ? parseIntId(String(body.sessionId)) : null;
      if (given && attemptId === null) throw saveNotFound();
      // a code answer runs in the sandbox: not for an attempt that cannot take it
      if (kind === 'code') await check();
      let graded: Awaited<ReturnType<typeof gradeAnswer>>;
      try {
        graded = await gradeAnswer(db, fastify.storage, slide, kind, body as Record<string, unknown>, lang, user.accountId);
      } catch (e) {
        await check(); // the attempt's error comes first, as when it was checked before grading
        throw e;
      }
      const ack = (sessionId: number) => ({ sessionId, slideId: slide.id, saved: true as const, ...(graded.extra ?? {}) });
      // a file answer also removes the files it replaces (answerFiles.ts); an exam's saves are group-committed
      // (saveBatch.ts) and write the request's idempotency key in their own statement (server/http/idempotency.ts)
      const batched = (id: number | null): id is number => kind !== 'files' && id !== null;
      const store = async (id: number | null): Promise<number | null | 'replayed'> => {
        const key = keyToWrite(request);
        if (key && batched(id)) {
          const outcome = await storeAnswerInBatch(db, fastify.database.kind, ctx, id, slide, kind, graded, { key: { key, body: JSON.stringify(ack(id)) }, now: receivedAt, times });
          if (outcome !== 'keyTaken') {
            if (outcome !== null) keyWritten(request);
            return outcome;
          }
        }
        // the ordinary claim: a repeat is answered with the first's answer here
        if (!(await claimBeforeWrite(request, reply))) return 'replayed';
        if (kind === 'files') return storeFileAnswer(db, fastify.storage, ctx, id, slide, graded);
        return batched(id)
          ? (storeAnswerInBatch(db, fastify.database.kind, ctx, id, slide, kind, graded, { now: receivedAt, times }) as Promise<number | null>)
          : storeAnswer(db, ctx, id, slide, kind, graded, receivedAt, times);
      };
      let savedIn = await store(attemptId);
      if (savedIn === null) {
        // not saved: the attempt is not the caller's, closed, or past its deadline; `check` says which.
        // If it finds one in progress (the latest attempt changed meanwhile), save into it once more.
        const attempt = await check();
        savedIn = await store(attempt.id);
        if (savedIn === null) throw sessionNotFound();
      }
      if (savedIn === 'replayed') return reply;
      await graded.afterSave?.();
      // the typical errors pages of the course follow new answers (server/events/answers.ts)
      answerSaved(db, { courseId: ctx.course.id, exerciseId: ctx.exercise.id, accountId: user.accountId });
      return ack(savedIn);
    };
    if (!upload) return save(request.body);
    try {
      return await save(upload);
    } catch (e) {
      await dropUnsavedUpload(db, fastify.storage, user.accountId, upload); // an upload is kept only with its answer
      throw e;
    }
  }

  for (const kind of Object.keys(saveCallOf) as AnswerKind[]) {
    // the body is parsed after the 404s, and a file answer may come as multipart instead
    // a file answer is received before it is saved: its key is claimed before that, as usual
    route(fastify, bodyInHandler(saveCallOf[kind]), (request, reply) => saveAnswerAt(request, reply, kind, request.params), kind === 'files' ? {} : { config: { keyInWrite: true } });
  }

  // the spec's short path of a code save (`/api/questions/code/{questionId}/save`): the attempt names its course and exercise
  route(fastify, bodyInHandler(answerCalls.saveCodeOfAttempt), async (request, reply) => {
    const sessionId = (request.body as { sessionId?: unknown } | undefined)?.sessionId;
    const attemptId = parseIntId(String(sessionId ?? ''));
    const [attempt] =
      attemptId === null
        ? []
        : await db
            .select({ courseId: attempts.courseId, exerciseId: attempts.exerciseId })
            .from(attempts)
            .where(and(eq(attempts.id, attemptId), eq(attempts.accountId, currentUser(request).accountId)))
            .limit(1);
    if (!attempt) throw saveNotFound();
    return saveAnswerAt(request, reply, 'code', { courseId: String(attempt.courseId), exerciseId: String(attempt.exerciseId), slideId: request.params.slideId });
  });

  route(fastify, bodyInHandler(answerCalls.runVisibleCases), async (request) => {
    const user = currentUser(request);
    const ctx = await studyContext(db, user, request.params.courseId, request.params.exerciseId, saveNotFound);
    const slide = await answeredSlide(db, ctx.exercise.id, request.params.slideId, 'code');
    const body = parseBody('code', request.body, requestLang(request));
    await activeAttempt(db, ctx, body.sessionId, saveNotFound, (a) => closeAttempt(db, ctx, a, 'expired'));
    return { results: await execVisibleCases(db, fastify.storage, slide, body.code, user.accountId) };
  });

  route(fastify, resultCalls.finish, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const attempt = await latestAttempt(db, ctx);
    if (!attempt || attempt.status === 'discarded') throw sessionNotFound();
    if (attempt.status === 'in_progress') {
      // a finish made without a connection and sent later counts at the time it was made (answerClock.ts)
      const claim = answerClockClaim(request.headers);
      const at = claim ? answeredAtByServer(new Date(), claim) : new Date();
      if (isPastDeadline(attempt, at)) {
        // the time is up: what was saved in time is graded as it stands
        await closeAttempt(db, ctx, attempt, 'expired');
      } else {
        const missing = ctx.exercise.kind === 'scorm' ? [] : await unansweredRequired(db, attempt);
        if (missing.length) throw sessionNotCompleted(missing);
        // a SCORM package decides its own completion: submitting before it reported a result would score nothing
        if (ctx.exercise.kind === 'scorm' && !(await scormReportedResult(db, ctx, attempt))) throw sessionNotCompleted([]);
        await closeAttempt(db, ctx, attempt, 'finished');
      }
    }
    return attemptResult(db, ctx, attempt.id);
  });

  route(fastify, resultCalls.result, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const attempt = await latestAttempt(db, ctx);
    if (!attempt) throw new AppError(404, 'NotFound', { title: 'study.resultNotFound' });
    // GET only reads: an attempt whose time ran out is closed and graded by POST .../finish
    if (attempt.status === 'in_progress' && isPastDeadline(attempt)) throw timeExpired();
    return attemptResult(db, ctx, attempt.id);
  });

  route(fastify, resultCalls.restart, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, restartNotFound);
    const attempt = await restartExercise(db, ctx);
    return { sessionId: attempt.id, attemptNo: attempt.attemptNo, deadlineAt: iso(attempt.deadlineAt), message: translate(requestLang(request), 'study.restartDone') };
  });
}

export const studyModule: FastifyPluginAsync = async (fastify) => {
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  routes(fastify);
  registerFeedbackRoutes(fastify);
  registerReflectionRoutes(fastify);
  registerTraceRoutes(fastify);
  registerCompetencyRoutes(fastify);
  registerScormStudyRoutes(fastify);
};
