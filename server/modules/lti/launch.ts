import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { ltiCalls as calls } from '../../../shared/calls/lti.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { attempts, courses, exercises, ltiMessages, ltiTools } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, requestLang, unauthorized } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise } from '../programs/access.js';
import { startOrResume } from '../study/attempts.js';
import { studyContext, type CourseRow, type ExerciseRow } from '../study/context.js';
import { AGS_ENDPOINT, COURSE_OFFERING, DL, LTI, NRPS_CLAIM, ROLE, SCOPE, serviceUrls } from './claims.js';
import { assertLti, linkOf } from './exercises.js';
import { platformKey } from './keys.js';
import { sendAutoPost } from './page.js';
import { platformInfo } from './tools.js';
import './messages.js';

const HINT_MINUTES = 10;
const ID_TOKEN_SECONDS = 300;

export const launchNotFound = () => new AppError(404, 'NotFound', { title: 'lti.launchNotFound' });
const badAuth = (why: string) => badRequest('invalid_request', { title: 'lti.badAuthRequest', description: why, extra: { error: 'invalid_request' } });

type CourseRole = 'student' | 'instructor';

/**
 * The student's course and exercise, with the exercise open to them now (the study context's
 * checks): they launch as Learner. Anyone else: 404, as for a course not theirs.
 */
async function memberOf(db: Db, user: AuthUser, rawCourseId: string, rawExerciseId: string, start: boolean): Promise<{ course: CourseRow; exercise: ExerciseRow; role: CourseRole }> {
  if (parseIntId(rawCourseId) === null || parseIntId(rawExerciseId) === null) throw launchNotFound();
  const ctx = await studyContext(db, user, rawCourseId, rawExerciseId, launchNotFound);
  // only the launch itself starts (or resumes) the attempt; the hello page's look starts nothing
  if (start && ctx.exercise.kind === 'lti') await startOrResume(db, ctx);
  return { course: ctx.course, exercise: ctx.exercise, role: 'student' };
}

async function newHint(db: Db, v: { kind: 'launch' | 'deepLink'; accountId: number; toolId: number; exerciseId: number; courseId: number | null; courseRole: CourseRole }) {
  const id = randomBytes(24).toString('base64url');
  await db.insert(ltiMessages).values({ id, ...v, expiresAt: new Date(Date.now() + HINT_MINUTES * 60_000) });
  return id;
}

/** The redirect of a third-party initiated login to the tool's login URL. */
function toLogin(reply: FastifyReply, publicUrl: string, tool: typeof ltiTools.$inferSelect, accountId: number, target: string, hint: string) {
  const url = new URL(tool.loginUrl);
  const q = { iss: publicUrl, login_hint: String(accountId), target_link_uri: target, lti_message_hint: hint, lti_deployment_id: tool.deploymentId, client_id: tool.clientId };
  for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
  return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
}

const authQuery = z.object({
  scope: z.string().max(500).optional(),
  response_type: z.string().max(100).optional(),
  response_mode: z.string().max(100).optional(),
  prompt: z.string().max(100).optional(),
  client_id: z.string().max(255).optional(),
  redirect_uri: z.string().max(2000).optional(),
  login_hint: z.string().max(255).optional(),
  lti_message_hint: z.string().max(255).optional(),
  state: z.string().max(2000).optional(),
  nonce: z.string().max(500).optional(),
});

export function registerLaunchRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const publicUrl = fastify.config.publicUrl;

  route(fastify, calls.launchInfo, async (request) => {
    const user = currentUser(request);
    const { course, exercise, role } = await memberOf(db, user, request.params.courseId, request.params.exerciseId, false);
    assertLti(exercise);
    const link = await linkOf(db, exercise.id);
    if (!link) throw launchNotFound();
    const [latest] =
      role === 'student'
        ? await db
            .select({ status: attempts.status, score: attempts.score, maxScore: attempts.maxScore })
            .from(attempts)
            .where(and(eq(attempts.accountId, user.accountId), eq(attempts.courseId, course.id), eq(attempts.exerciseId, exercise.id), ne(attempts.status, 'discarded')))
            .orderBy(desc(attempts.attemptNo))
            .limit(1)
        : [];
    return { launchUrl: `/api/study/lti/${course.id}/${exercise.id}/launch`, presentation: link.presentation, title: link.title, result: latest ?? null };
  });

  route(fastify, calls.launch, async (request, reply) => {
    const user = currentUser(request);
    const { course, exercise, role } = await memberOf(db, user, request.params.courseId, request.params.exerciseId, true);
    assertLti(exercise);
    const link = await linkOf(db, exercise.id);
    const [tool] = link ? await db.select().from(ltiTools).where(eq(ltiTools.id, link.toolId)) : [];
    if (!tool || !link) throw launchNotFound();
    const hint = await newHint(db, { kind: 'launch', accountId: user.accountId, toolId: tool.id, exerciseId: exercise.id, courseId: course.id, courseRole: role });
    return toLogin(reply, publicUrl, tool, user.accountId, link.url ?? tool.targetLinkUri, hint);
  });

  route(fastify, calls.deepLink, async (request, reply) => {
    const user = currentUser(request);
    const { exercise } = await loadExercise(db, user, request.params.id, request.params.programId);
    assertLti(exercise);
    const link = await linkOf(db, exercise.id);
    if (!link) throw launchNotFound();
    const [tool] = await db.select().from(ltiTools).where(eq(ltiTools.id, link.toolId));
    const hint = await newHint(db, { kind: 'deepLink', accountId: user.accountId, toolId: tool.id, exerciseId: exercise.id, courseId: null, courseRole: 'instructor' });
    return toLogin(reply, publicUrl, tool, user.accountId, tool.targetLinkUri, hint);
  });

  /**
   * The tool's authentication request (OIDC implicit flow, form_post): checked against the login
   * hint ELP gave (one use, ten minutes, this user), the tool's client id and redirect URIs; a nonce
   * is required. The answer posts the signed id_token and the tool's state back to the tool.
   */
  route(
    fastify,
    { ...calls.auth, query: authQuery },
    async (request, reply) => {
      const q = request.query;
      const user = request.user;
      if (!user) throw unauthorized();
      if (q.response_type !== 'id_token') throw badAuth('response_type');
      if (!q.scope?.split(' ').includes('openid')) throw badAuth('scope');
      if (q.response_mode !== 'form_post') throw badAuth('response_mode');
      if (q.prompt && q.prompt !== 'none') throw badAuth('prompt');
      if (!q.nonce) throw badAuth('nonce');
      if (!q.redirect_uri || !q.client_id || !q.lti_message_hint) throw badAuth('client_id, redirect_uri, lti_message_hint');
      if (q.login_hint !== String(user.accountId)) throw forbidden('login_required', { title: 'lti.wrongUser', extra: { error: 'login_required' } });
      const hintNotValid = () => badRequest('invalid_request', { title: 'lti.badHint', extra: { error: 'invalid_request' } });
      const [msg] = await db.select().from(ltiMessages).where(and(eq(ltiMessages.id, q.lti_message_hint), isNull(ltiMessages.usedAt), gt(ltiMessages.expiresAt, new Date())));
      if (!msg) throw hintNotValid();
      if (msg.accountId !== user.accountId) throw forbidden('login_required', { title: 'lti.wrongUser', extra: { error: 'login_required' } });
      const [tool] = await db.select().from(ltiTools).where(eq(ltiTools.id, msg.toolId));
      if (!tool || tool.clientId !== q.client_id) throw badRequest('unauthorized_client', { title: 'lti.badAuthRequest', description: 'client_id', extra: { error: 'unauthorized_client' } });
      const link = await linkOf(db, msg.exerciseId);
      const target = link?.url ?? tool.targetLinkUri;
      if (![tool.targetLinkUri, target, ...tool.redirectUris].includes(q.redirect_uri)) throw badAuth('redirect_uri');
      // one use: the first valid auth request takes the hint (a second one at once finds it taken)
      const taken = await db.update(ltiMessages).set({ usedAt: new Date() }).where(and(eq(ltiMessages.id, msg.id), isNull(ltiMessages.usedAt))).returning({ id: ltiMessages.id });
      if (!taken.length) throw hintNotValid();
      const [exercise] = await db.select().from(exercises).where(eq(exercises.id, msg.exerciseId));
      const [course] = msg.courseId ? await db.select().from(courses).where(eq(courses.id, msg.courseId)) : [];
      const lang = requestLang(request);
      const claims: Record<string, unknown> = {
        nonce: q.nonce,
        azp: tool.clientId,
        name: `${user.firstName} ${user.lastName}`.trim(),
        given_name: user.firstName,
        family_name: user.lastName,
        email: user.email,
        locale: lang,
        [`${LTI}version`]: '1.3.0',
        [`${LTI}deployment_id`]: tool.deploymentId,
        [`${LTI}target_link_uri`]: target,
        [`${LTI}roles`]: [ROLE[msg.courseRole]],
        [`${LTI}tool_platform`]: { guid: new URL(publicUrl).host, name: 'ELP', product_family_code: 'elp' },
        [`${LTI}launch_presentation`]: { document_target: link?.presentation ?? tool.presentation, locale: lang },
      };
      if (msg.kind === 'launch' && course) {
        const urls = serviceUrls(publicUrl, course.id, exercise.id);
        Object.assign(claims, {
          [`${LTI}message_type`]: 'LtiResourceLinkRequest',
          [`${LTI}resource_link`]: { id: String(exercise.id), title: exercise.label, ...(exercise.description ? { description: exercise.description } : {}) },
          [`${LTI}context`]: { id: String(course.id), label: course.label, title: course.label, type: [COURSE_OFFERING] },
          [`${LTI}custom`]: link?.custom ?? {},
          [AGS_ENDPOINT]: { scope: [SCOPE.lineItem, SCOPE.lineItemRead, SCOPE.score], lineitems: urls.lineItems, lineitem: urls.lineItem },
          [NRPS_CLAIM]: { context_memberships_url: urls.memberships, service_versions: ['2.0'] },
        });
      } else {
        Object.assign(claims, {
          [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
          [`${DL}deep_linking_settings`]: {
            deep_link_return_url: platformInfo(publicUrl).deepLinkReturnUrl,
            accept_types: ['ltiResourceLink'],
            accept_presentation_document_targets: ['iframe', 'window'],
            accept_multiple: false,
            auto_create: true,
            title: exercise.label,
            data: msg.id,
          },
        });
      }
      const key = await platformKey(db);
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(publicUrl)
        .setAudience(tool.clientId)
        .setSubject(String(user.accountId))
        .setIssuedAt()
        .setExpirationTime(`${ID_TOKEN_SECONDS}s`)
        .sign(key.privateKey);
      return sendAutoPost(reply, {
        action: q.redirect_uri,
        fields: { id_token: idToken, ...(q.state ? { state: q.state } : {}) },
        lang,
        title: translate(lang, 'lti.redirecting'),
        button: translate(lang, 'lti.continue'),
      });
    },
  );
}
