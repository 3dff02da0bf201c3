import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/context.js';
import { requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { activeAttempt, isPastDeadline, startOrResume, timing } from './attempts.js';
import { loadNotFound, studyContext } from './context.js';
import { sendPackageFile } from './scormContent.js';
import './scormMessages.js';
import { defaultSco, closeScormAttempt, readOutcome, resumeCmi, saveCmi, savedCmi, scormPackageOf, type Cmi } from './scormRuntime.js';

/**
 * The SCORM player's server side: the package's files for the iframe, and its run-time data
 * (cmi) per attempt and SCO — loaded to start or resume, saved on every commit. Rule
 * 'student'; the course must be one the caller studies in and the exercise a SCORM exercise
 * of its program, else 404; another student's session is 404 as well.
 */
const tags = ['Study'];
const config = { rule: 'student' as const };
const prefix = '/api/trainings/:courseId/exercises/:exerciseId/scorm';
const exParams = z.object({ courseId: z.string(), exerciseId: z.string() });

/** SCORM 2004 allows 64,000 characters of suspend_data plus interactions: a generous cap. */
export const MAX_CMI_BYTES = 512 * 1024;

const runtimeBody = z.object({
  sessionId: z.union([z.number().int(), z.string().max(20)]),
  scoId: z.string().max(255).optional(),
  cmi: z.record(z.string(), z.unknown()),
});

export function registerScormStudyRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;

  app.get(`${prefix}/content/*`, { config, schema: { tags, params: exParams.extend({ '*': z.string() }) } }, async (request, reply) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    return sendPackageFile(fastify.config, scormPackageOf(ctx.exercise), request.params['*'], reply);
  });

  app.get(`${prefix}/runtime`, { config, schema: { tags, params: exParams } }, async (request) => {
    const user = currentUser(request);
    const { courseId, exerciseId } = request.params;
    const ctx = await studyContext(db, user, courseId, exerciseId, loadNotFound);
    const pkg = scormPackageOf(ctx.exercise);
    let { attempt } = await startOrResume(db, ctx);
    if (attempt.status === 'in_progress' && isPastDeadline(attempt)) {
      await closeScormAttempt(db, ctx, attempt, 'expired');
      attempt = { ...attempt, status: 'expired' };
    }
    const scoId = defaultSco(pkg);
    const readOnly = attempt.status !== 'in_progress';
    const saved = await savedCmi(db, attempt.id, scoId);
    return {
      version: pkg.version,
      title: pkg.title,
      launch: pkg.launch,
      contentUrl: `/api/trainings/${ctx.course.id}/exercises/${ctx.exercise.id}/scorm/content/${encodeURI(pkg.launch)}`,
      sessionId: attempt.id,
      scoId,
      attemptStatus: attempt.status,
      readOnly,
      lessonStatus: readOutcome(pkg.version, saved).lessonStatus,
      score: attempt.score,
      maxScore: attempt.maxScore,
      ...timing(attempt),
      cmi: resumeCmi(pkg.version, saved, { id: user.accountId, firstName: user.firstName, lastName: user.lastName }, readOnly),
    };
  });

  // PUT, and POST for scorm-again's commits
  app.route({ method: ['PUT', 'POST'], url: `${prefix}/runtime`, config, schema: { tags, params: exParams, body: runtimeBody }, handler: async (request) => {
    const lang = requestLang(request);
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const pkg = scormPackageOf(ctx.exercise);
    const { sessionId, cmi } = request.body;
    const scoId = request.body.scoId ?? defaultSco(pkg);
    if (scoId !== defaultSco(pkg) && !pkg.scoIds.includes(scoId)) throw validationError({ scoId: translate(lang, 'study.scormUnknownSco') });
    if (Buffer.byteLength(JSON.stringify(cmi)) > MAX_CMI_BYTES) throw validationError({ cmi: translate(lang, 'study.scormCmiTooLarge', { max: MAX_CMI_BYTES / 1024 }) });
    const attempt = await activeAttempt(db, ctx, sessionId, loadNotFound, (a) => closeScormAttempt(db, ctx, a, 'expired'));
    const r = await saveCmi(db, ctx, pkg, attempt, scoId, cmi as Cmi);
    // result/errorCode: what scorm-again reads from a commit answer
    return { result: true, errorCode: 0, sessionId: attempt.id, scoId, saved: true, lessonStatus: r.outcome.lessonStatus, progressStatus: r.progress, score: r.score, maxScore: r.maxScore };
  } });
}
