import type { FastifyInstance } from 'fastify';
import { MAX_CMI_BYTES, scormCalls, type Cmi, type ScormRuntime } from '../../../shared/calls/study/scorm.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import { launcherAddress, packageAddress } from '../../content/index.js';
import type { Db } from '../../db/client.js';
import { requestLang, validationError } from '../../errors.js';
import { route, type CallHandler } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { activeAttempt, isPastDeadline, latestAttempt, startOrResume, timing, type AttemptRow } from './attempts.js';
import { loadNotFound, studyContext } from './context.js';
import './scormMessages.js';
import { indexTree, mayDeliver } from '../../../shared/scormSequencing.js';
import { leaves } from '../programs/scormOrganisation.js';
import { finishCmi } from './scoOutcome.js';
import { withObjectives } from './scormRollup.js';
import { attemptData, closeScormAttempt, defaultSco, firstSco, recordLaunch, resumeCmi, rolledUp, saveCmi, scoOf, scormPackageOf, type ScormPackage } from './scormRuntime.js';
import { iso } from './wire.js';

/**
 * What the player plays: the package, the attempt (null before the first launch) and its
 * saved cmi with the learner. An attempt in progress past its deadline is reported as expired
 * (read-only); the next write closes it.
 */
async function runtimeOf(db: Db, user: AuthUser, pkg: ScormPackage, attempt: AttemptRow | null, now = new Date(), want?: string): Promise<ScormRuntime> {
  const status = !attempt ? 'not_started' : attempt.status === 'in_progress' && isPastDeadline(attempt, now) ? 'expired' : attempt.status;
  const readOnly = !!attempt && status !== 'in_progress';
  const data = attempt ? await attemptData(db, attempt.id) : { cmi: {}, nav: { current: null, attempts: {} } };
  const scos = leaves(pkg.organisation.root);
  // the SCO asked for, else the one last played, else the first
  const sco = scos.find((s) => s.id === (want ?? data.nav.current)) ?? firstSco(pkg) ?? scos[0];
  const scoId = sco?.id ?? defaultSco(pkg);
  const rolled = rolledUp(pkg, data);
  const saved = data.cmi[scoId] ?? {};
  const resumed = resumeCmi(pkg.version, saved, { id: user.accountId, firstName: user.firstName, lastName: user.lastName }, readOnly, scoOf(pkg, scoId));
  return {
    version: pkg.version,
    title: pkg.title,
    launch: sco?.href ?? pkg.launch,
    sessionId: attempt?.id ?? null,
    scoId,
    attemptStatus: status,
    readOnly,
    lessonStatus: rolled.lessonStatus,
    score: attempt?.score ?? null,
    maxScore: attempt?.maxScore ?? null,
    ...(attempt ? timing(attempt, now) : { startedAt: null, deadlineAt: null, serverTime: iso(now), secondsLeft: null }),
    cmi: pkg.version === '2004' && sco ? withObjectives(sco, resumed, rolled.states[scoId]) : resumed,
    organisation: pkg.organisation,
    states: rolled.states,
  };
}

/**
 * The SCORM player's server side: the attempt's run-time data (cmi) per SCO — read (GET),
 * loaded to start or resume the attempt (POST .../launch, which also hands out the package's
 * address on the content origin, server/content/), saved on every commit (PUT/POST
 * .../runtime). Rule 'student'; the course must be one the caller studies in and the exercise
 * a SCORM exercise of its program, else 404; another student's session is 404 as well.
 */
export function registerScormStudyRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, scormCalls.runtime, async (request) => {
    const user = currentUser(request);
    const ctx = await studyContext(db, user, request.params.courseId, request.params.exerciseId, loadNotFound);
    const pkg = scormPackageOf(ctx.exercise);
    return runtimeOf(db, user, pkg, await latestAttempt(db, ctx));
  });

  route(fastify, scormCalls.launch, async (request) => {
    const user = currentUser(request);
    const ctx = await studyContext(db, user, request.params.courseId, request.params.exerciseId, loadNotFound);
    const pkg = scormPackageOf(ctx.exercise);
    const lang = requestLang(request);
    const want = request.body?.scoId;
    if (want !== undefined && !leaves(pkg.organisation.root).some((s) => s.id === want)) throw validationError({ scoId: translate(lang, 'study.scormUnknownSco') });
    let { attempt } = await startOrResume(db, ctx);
    if (attempt.status === 'in_progress' && isPastDeadline(attempt)) {
      await closeScormAttempt(db, ctx, attempt, 'expired');
      attempt = { ...attempt, status: 'expired' };
    }
    if (attempt.status === 'in_progress') {
      // the package's sequencing rules hold on the server too (SCORM 2004; any SCO of a 1.2 package)
      if (want !== undefined) {
        const data = await attemptData(db, attempt.id);
        if (!mayDeliver(indexTree(pkg.version, pkg.organisation.root), data.nav.current, want, rolledUp(pkg, data).states, request.body?.jump === true)) {
          throw validationError({ scoId: translate(lang, 'study.scormNotAllowed') });
        }
      }
      await recordLaunch(db, pkg, attempt.id, want, request.body?.fresh === true);
    }
    const runtime = await runtimeOf(db, user, pkg, attempt, new Date(), want);
    return {
      ...runtime,
      sessionId: attempt.id,
      launcherUrl: launcherAddress(fastify.config),
      contentUrl: await packageAddress(fastify, { attemptId: attempt.id, packageKey: pkg.key }, runtime.launch),
    };
  });

  // a commit: PUT, and POST (the player's, also sent with keepalive when the page is left)
  const commit: CallHandler<typeof scormCalls.commit> = async (request) => {
    const lang = requestLang(request);
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const pkg = scormPackageOf(ctx.exercise);
    const { sessionId: attemptId, cmi } = request.body;
    const scoId = request.body.scoId ?? defaultSco(pkg);
    if (scoId !== defaultSco(pkg) && !leaves(pkg.organisation.root).some((s) => s.id === scoId)) throw validationError({ scoId: translate(lang, 'study.scormUnknownSco') });
    if (Buffer.byteLength(JSON.stringify(cmi)) > MAX_CMI_BYTES) throw validationError({ cmi: translate(lang, 'study.scormCmiTooLarge', { max: MAX_CMI_BYTES / 1024 }) });
    const attempt = await activeAttempt(db, ctx, attemptId, loadNotFound, (a) => closeScormAttempt(db, ctx, a, 'expired'));
    // LMSFinish / Terminate: the LMS's end-of-session rules (1.2: no status is completed, or passed/failed by the mastery score)
    const kept = request.body.final ? finishCmi(pkg.version, cmi as Cmi, scoOf(pkg, scoId)) : (cmi as Cmi);
    const r = await saveCmi(db, ctx, pkg, attempt, scoId, kept);
    // result/errorCode: what scorm-again reads from a commit answer
    return { result: true, errorCode: 0, sessionId: attempt.id, scoId, saved: true, lessonStatus: r.outcome.lessonStatus, progressStatus: r.progress, score: r.score, maxScore: r.maxScore, states: r.outcome.states };
  };
  // a runtime's final commit may come from navigator.sendBeacon, whose string body is text/plain (read as JSON)
  const beacon = { config: { bodyTypes: ['text/plain'] as const } };
  route(fastify, scormCalls.commit, commit, beacon);
  route(fastify, scormCalls.save, commit, beacon);
}
