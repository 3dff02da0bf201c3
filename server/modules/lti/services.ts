import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, importJWK, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { ltiCalls as calls } from '../../../shared/calls/lti.js';
import type { Db } from '../../db/client.js';
import { accounts, courseInstructors, courses, enrolments, exercises, ltiLinks, ltiTools } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import { exerciseMaxScore } from '../study/scormRuntime.js';
import { useAssertionOnce } from './assertions.js';
import { COURSE_OFFERING, MEDIA, ROLE, SCOPE, serviceUrls, SUPPORTED_SCOPES } from './claims.js';
import { platformKey, toolVerificationKey } from './keys.js';
import { applyScore } from './scores.js';
import { platformInfo } from './tools.js';
import './messages.js';

const TOKEN_SECONDS = 3600;
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** An OAuth 2 error: the spec's shape (ErrorCode, Title, Description) with RFC 6749's `error` beside it. */
const oauthError = (status: number, error: string, title = 'lti.badToken') => new AppError(status, error, { title, description: error, extra: { error } });
const form = { config: { bodyTypes: ['application/x-www-form-urlencoded'] as const } };

const tokenForm = z.object({
  grant_type: z.string().max(100).optional(),
  client_assertion_type: z.string().max(200).optional(),
  client_assertion: z.string().max(10_000).optional(),
  scope: z.string().max(2000).optional(),
});

const scoreBody = z
  .object({
    userId: z.string().max(100),
    scoreGiven: z.number().min(0).optional(),
    scoreMaximum: z.number().positive().optional(),
    activityProgress: z.enum(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed']),
    gradingProgress: z.enum(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady']),
    timestamp: z.string().max(100),
    comment: z.string().max(10_000).optional(),
  })
  .refine((s) => s.scoreGiven === undefined || s.scoreMaximum !== undefined, { path: ['scoreMaximum'] });

/** The tool and scopes of an access token ELP issued (Authorization: Bearer), or 401/403. */
async function bearer(db: Db, publicUrl: string, request: FastifyRequest, scopes: readonly string[]): Promise<{ toolId: number }> {
  const auth = request.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!m) throw oauthError(401, 'invalid_token');
  const key = await platformKey(db);
  try {
    const { payload } = await jwtVerify(m[1], await importJWK(key.publicJwk, 'RS256'), { issuer: publicUrl, audience: `${publicUrl}/api/lti`, algorithms: ['RS256'], typ: 'at+jwt' });
    const granted = String(payload.scope ?? '').split(' ');
    if (!scopes.some((s) => granted.includes(s))) throw oauthError(403, 'insufficient_scope', 'lti.badScope');
    return { toolId: Number(payload.tool) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw oauthError(401, 'invalid_token');
  }
}

/** The course and external tool exercise a service address names, when the token's tool is the exercise's. */
async function agsTarget(db: Db, toolId: number, rawCourseId: string, rawExerciseId: string) {
  const courseId = Number(rawCourseId);
  const exerciseId = Number(rawExerciseId);
  const notFound = new AppError(404, 'NotFound', { title: 'lti.launchNotFound' });
  if (!Number.isSafeInteger(courseId) || !Number.isSafeInteger(exerciseId)) throw notFound;
  const [row] = await db
    .select({ c: courses, e: exercises })
    .from(courses)
    .innerJoin(exercises, and(eq(exercises.id, exerciseId), eq(exercises.programId, courses.programId), eq(exercises.kind, 'lti')))
    .innerJoin(ltiLinks, and(eq(ltiLinks.exerciseId, exercises.id), eq(ltiLinks.toolId, toolId)))
    .where(eq(courses.id, courseId));
  if (!row) throw notFound;
  return { course: row.c, exercise: row.e };
}

function send(reply: FastifyReply, type: string, body: unknown, status = 200) {
  return reply.status(status).type(type).send(JSON.stringify(body));
}

/** OAuth 2 token endpoint, AGS 2.0 (line items, scores) and NRPS 2.0 (memberships): tools call these with ELP's access token. */
export function registerServiceRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const publicUrl = fastify.config.publicUrl;
  const info = platformInfo(publicUrl);

  // AGS bodies are JSON under their own media types
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser([MEDIA.score, MEDIA.lineItem], { parseAs: 'string' }, json);

  /**
   * client_credentials with a private_key_jwt assertion (RFC 7523): the tool signs {iss = sub =
   * its client id, aud = ELP's token URL, a jti, a short exp} with its key; each assertion serves
   * once (assertions.ts); ELP answers a signed access token with the scopes asked for that ELP offers.
   */
  route(
    fastify,
    calls.token,
    async (request) => {
      const f = tokenForm.safeParse(request.body);
      if (!f.success) throw oauthError(400, 'invalid_request');
      const b = f.data;
      if (b.grant_type !== 'client_credentials') throw oauthError(400, 'unsupported_grant_type');
      if (b.client_assertion_type !== JWT_BEARER || !b.client_assertion) throw oauthError(400, 'invalid_request');
      let clientId: string;
      try {
        clientId = String(decodeJwt(b.client_assertion).iss ?? '');
      } catch {
        throw oauthError(401, 'invalid_client');
      }
      const [tool] = await db.select().from(ltiTools).where(eq(ltiTools.clientId, clientId));
      if (!tool) throw oauthError(401, 'invalid_client');
      let assertion: JWTPayload;
      try {
        const key = await toolVerificationKey(tool);
        ({ payload: assertion } = await jwtVerify(b.client_assertion, key as Parameters<typeof jwtVerify>[1], { issuer: clientId, subject: clientId, audience: [info.tokenUrl, info.issuer], algorithms: ['RS256'], requiredClaims: ['exp', 'jti'] }));
      } catch {
        throw oauthError(401, 'invalid_client');
      }
      if (!(await useAssertionOnce(db, tool.id, assertion))) throw oauthError(401, 'invalid_client');
      const scope = (b.scope ?? '').split(' ').filter((s) => SUPPORTED_SCOPES.includes(s));
      if (!scope.length) throw oauthError(400, 'invalid_scope', 'lti.badScope');
      const key = await platformKey(db);
      const accessToken = await new SignJWT({ scope: scope.join(' '), tool: tool.id })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
        .setIssuer(publicUrl)
        .setAudience(`${publicUrl}/api/lti`)
        .setSubject(tool.clientId)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_SECONDS}s`)
        .sign(key.privateKey);
      return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_SECONDS, scope: scope.join(' ') };
    },
    form,
  );

  const lineItemOf = async (courseId: number, e: typeof exercises.$inferSelect) => ({
    id: serviceUrls(publicUrl, courseId, e.id).lineItem,
    label: e.label,
    scoreMaximum: await exerciseMaxScore(db, e.id),
    resourceLinkId: String(e.id),
  });

  route(fastify, calls.lineItems, async (request, reply) => {
    const { toolId } = await bearer(db, publicUrl, request, [SCOPE.lineItem, SCOPE.lineItemRead]);
    const { course, exercise } = await agsTarget(db, toolId, request.params.courseId, request.params.exerciseId);
    const q = request.query as Record<string, string | undefined>;
    const item = await lineItemOf(course.id, exercise);
    const match = (!q.resource_link_id || q.resource_link_id === item.resourceLinkId) && !q.tag && !q.resource_id;
    return send(reply, MEDIA.lineItems, match ? [item] : []);
  });

  // ELP keeps one line item per external tool exercise: a tool asking for one gets that one
  route(fastify, calls.createLineItem, async (request, reply) => {
    const { toolId } = await bearer(db, publicUrl, request, [SCOPE.lineItem]);
    const { course, exercise } = await agsTarget(db, toolId, request.params.courseId, request.params.exerciseId);
    return send(reply, MEDIA.lineItem, await lineItemOf(course.id, exercise), 201);
  });

  route(fastify, calls.lineItem, async (request, reply) => {
    const { toolId } = await bearer(db, publicUrl, request, [SCOPE.lineItem, SCOPE.lineItemRead]);
    const { course, exercise } = await agsTarget(db, toolId, request.params.courseId, request.params.exerciseId);
    return send(reply, MEDIA.lineItem, await lineItemOf(course.id, exercise));
  });

  route(fastify, calls.scores, async (request, reply) => {
    const { toolId } = await bearer(db, publicUrl, request, [SCOPE.score]);
    const { course, exercise } = await agsTarget(db, toolId, request.params.courseId, request.params.exerciseId);
    const s = scoreBody.safeParse(request.body);
    if (!s.success) throw new AppError(400, 'BadScore', { title: 'lti.badScore' });
    const accountId = Number(s.data.userId);
    if (!Number.isSafeInteger(accountId) || !(await applyScore(db, course, exercise, accountId, s.data))) throw new AppError(400, 'NotStudent', { title: 'lti.notStudent' });
    return reply.status(204).send();
  });

  route(fastify, calls.memberships, async (request, reply) => {
    const { toolId } = await bearer(db, publicUrl, request, [SCOPE.members]);
    const courseId = Number(request.params.courseId);
    // the token's tool must be linked from an exercise of the course's program
    const [course] = Number.isSafeInteger(courseId)
      ? await db
          .select({ c: courses })
          .from(courses)
          .innerJoin(exercises, eq(exercises.programId, courses.programId))
          .innerJoin(ltiLinks, and(eq(ltiLinks.exerciseId, exercises.id), eq(ltiLinks.toolId, toolId)))
          .where(eq(courses.id, courseId))
          .limit(1)
      : [];
    if (!course) throw new AppError(404, 'NotFound', { title: 'lti.launchNotFound' });
    const person = { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName };
    const [students, staff] = await Promise.all([
      db.select(person).from(enrolments).innerJoin(accounts, eq(accounts.id, enrolments.accountId)).where(and(eq(enrolments.courseId, courseId), eq(enrolments.status, 1))).orderBy(asc(accounts.id)),
      db.select(person).from(courseInstructors).innerJoin(accounts, eq(accounts.id, courseInstructors.accountId)).where(eq(courseInstructors.courseId, courseId)).orderBy(asc(accounts.id)),
    ]);
    const member = (p: (typeof students)[number], role: string) => ({
      status: 'Active',
      user_id: String(p.id),
      name: `${p.firstName} ${p.lastName}`.trim(),
      given_name: p.firstName,
      family_name: p.lastName,
      email: p.email,
      roles: [role],
    });
    const all = [...students.map((p) => member(p, ROLE.student)), ...staff.map((p) => member(p, ROLE.instructor))];
    // one page when the tool asks for a limit: the rest through the next link (same order: students, then staff, by account)
    const { limit, offset = 0 } = request.query;
    const members = limit === undefined ? all.slice(offset) : all.slice(offset, offset + limit);
    const url = serviceUrls(publicUrl, courseId, 0).memberships;
    if (limit !== undefined && offset + limit < all.length) reply.header('link', `<${url}?limit=${limit}&offset=${offset + limit}>; rel="next"`);
    return send(reply, MEDIA.members, {
      id: url,
      context: { id: String(course.c.id), label: course.c.label, title: course.c.label, type: [COURSE_OFFERING] },
      members,
    });
  });
}
