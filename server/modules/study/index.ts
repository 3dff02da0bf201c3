import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/context.js';
import { requestLang } from '../../errors.js';
import './messages.js';
import { activeAttempt, isPastDeadline, latestAttempt } from './attempts.js';
import { answeredSlide, execVisibleCases, gradeAnswer, parseBody, storeAnswer, type AnswerKind } from './answers.js';
import { loadNotFound, restartNotFound, saveNotFound, sessionNotFound, studyContext, timeExpired } from './context.js';
import { attemptResult, sessionNotCompleted, unansweredRequired } from './finish.js';
import { closeAttempt, scormReportedResult } from './close.js';
import { loadPage } from './pages.js';
import { saveContext, saveSlide } from './hotCache.js';
import { previewStart } from './startPreview.js';
import { restartExercise } from './restart.js';
import { registerCompetencyRoutes } from './competencies.js';
import { dropUnsavedUpload, receiveAnswerFile } from './upload.js';
import { storeFileAnswer } from './answerFiles.js';
import { registerScormStudyRoutes } from './scorm.js';
import { registerFeedbackRoutes } from './feedback.js';
import { registerReflectionRoutes } from './reflection.js';
import { registerTraceRoutes } from './trace.js';
import { AppError } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { translate } from '../../i18n/messages.js';

/**
 * The exercise player's server side (spec 3 §7.4, §8.3–8.4): slide load with attempts
 * (API "Session"), answer saves per question kind, finishing with the final page's data,
 * and retakes. Rule 'student' on every call; a course the caller does not study in, an
 * exercise outside its program, or another student's session answers 404.
 */
const tags = ['Study'];
const config = { rule: 'student' as const };
const exParams = z.object({ courseId: z.string(), exerciseId: z.string() });
const slideParams = exParams.extend({ id: z.string() });
const prefix = '/api/trainings/:courseId/exercises/:exerciseId';

/** Save routes: path suffix → answer kind. */
const saveRoutes: [string, AnswerKind][] = [
  ['questions/answers/:id/save', 'answers'],
  ['questions/free/:id/save', 'free'],
  ['questions/files/:id/save', 'files'],
  ['questions/matches/:id/save', 'matches'],
  ['questions/Sequences/:id/save', 'sequences'],
  ['questions/code/:id/save', 'code'],
  ['questions/attributes/:id/save', 'attributes'],
];

function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;

  app.post(`${prefix}/Pages`, {
    config,
    schema: {
      tags,
      params: exParams,
      body: z.object({ slideId: z.union([z.literal('start'), z.literal('end'), z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).transform(String), sessionId: z.union([z.number().int(), z.string()]).optional().nullable(), preview: z.boolean().optional() }),
    },
  }, async (request) => {
    // a start goes through the saves' cache (hotCache.ts), filling it for the student's first answer
    const context = request.body.slideId === 'start' && !request.body.preview ? saveContext : studyContext;
    const ctx = await context(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    // the hello page shown without starting the attempt (its clock starts on Start)
    if (request.body.preview && request.body.slideId === 'start') return previewStart(db, ctx);
    return loadPage(db, ctx, request.body.slideId, request.body.sessionId);
  });

  for (const [suffix, kind] of saveRoutes) {
    app.post(`${prefix}/${suffix}`, { config, schema: { tags, params: slideParams, body: z.unknown() } }, async (request) => {
      const user = currentUser(request);
      const lang = requestLang(request);
      // course, exercise and slide from the hot path's short cache (hotCache.ts); the attempt is checked by the save itself
      const ctx = await saveContext(db, user, request.params.courseId, request.params.exerciseId, saveNotFound);
      const slide = await saveSlide(db, ctx.exercise.id, request.params.id, kind);
      const expire = (a: Parameters<typeof closeAttempt>[2]) => closeAttempt(db, ctx, a, 'expired');
      const upload =
        kind === 'files' && request.isMultipart()
          ? await receiveAnswerFile(request, db, fastify.storage, slide, user.accountId, lang, (sid) => activeAttempt(db, ctx, sid, saveNotFound, expire))
          : null;
      const save = async (raw: unknown) => {
        const body = parseBody(kind, raw, lang);
        // the slow path: which error applies (404 / 400.16 / 400.17, expiring the attempt), or the attempt
        const check = () => activeAttempt(db, ctx, body.sessionId, saveNotFound, expire);
        const given = body.sessionId !== undefined && body.sessionId !== null && body.sessionId !== '';
        const sessionId = given ? parseIntId(String(body.sessionId)) : null;
        if (given && sessionId === null) throw saveNotFound();
        // a code answer runs in the sandbox: not for an attempt that cannot take it
        if (kind === 'code') await check();
        let graded: Awaited<ReturnType<typeof gradeAnswer>>;
        try {
          graded = await gradeAnswer(db, fastify.storage, slide, kind, body as Record<string, unknown>, lang, user.accountId);
        } catch (e) {
          await check(); // the attempt's error comes first, as when it was checked before grading
          throw e;
        }
        // a file answer also removes the files it replaces (answerFiles.ts)
        const store = (sid: number | null) =>
          kind === 'files' ? storeFileAnswer(db, fastify.storage, ctx, sid, slide, graded) : storeAnswer(db, ctx, sid, slide, kind, graded);
        let savedIn = await store(sessionId);
        if (savedIn === null) {
          // not saved: the attempt is not the caller's, closed, or past its deadline; `check` says which.
          // If it finds one in progress (the latest attempt changed meanwhile), save into it once more.
          const attempt = await check();
          savedIn = await store(attempt.id);
          if (savedIn === null) throw sessionNotFound();
        }
        return { sessionId: savedIn, slideId: slide.id, saved: true, ...(graded.extra ?? {}) };
      };
      if (!upload) return save(request.body);
      try {
        return await save(upload);
      } catch (e) {
        await dropUnsavedUpload(db, fastify.storage, user.accountId, upload); // an upload is kept only with its answer
        throw e;
      }
    });
  }

  app.post(`${prefix}/questions/code/:id/execTextCases`, { config, schema: { tags, params: slideParams, body: z.unknown() } }, async (request) => {
    const user = currentUser(request);
    const ctx = await studyContext(db, user, request.params.courseId, request.params.exerciseId, saveNotFound);
    const slide = await answeredSlide(db, ctx.exercise.id, request.params.id, 'code');
    const body = parseBody('code', request.body, requestLang(request));
    await activeAttempt(db, ctx, body.sessionId, saveNotFound, (a) => closeAttempt(db, ctx, a, 'expired'));
    return { results: await execVisibleCases(db, fastify.storage, slide, body.code, user.accountId) };
  });

  app.post(`${prefix}/finish`, { config, schema: { tags, params: exParams } }, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const attempt = await latestAttempt(db, ctx);
    if (!attempt || attempt.status === 'discarded') throw sessionNotFound();
    if (attempt.status === 'in_progress') {
      if (isPastDeadline(attempt)) {
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

  app.get(`${prefix}/finish`, { config, schema: { tags, params: exParams } }, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const attempt = await latestAttempt(db, ctx);
    if (!attempt) throw new AppError(404, 'NotFound', { title: 'study.resultNotFound' });
    // GET only reads: an attempt whose time ran out is closed and graded by POST .../finish
    if (attempt.status === 'in_progress' && isPastDeadline(attempt)) throw timeExpired();
    return attemptResult(db, ctx, attempt.id);
  });

  app.post(`${prefix}/restart`, { config, schema: { tags, params: exParams } }, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, restartNotFound);
    const attempt = await restartExercise(db, ctx);
    return { sessionId: attempt.id, attemptNo: attempt.attemptNo, deadlineAt: attempt.deadlineAt, message: translate(requestLang(request), 'study.restartDone') };
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
