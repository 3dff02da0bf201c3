import { z } from 'zod';
import type { AttemptStatus } from '../enums';
import { defineCalls, returns } from '../http/call';
import { exerciseInput, LABEL_MAX, type ExerciseInfo } from '../programs';
import { messages as m } from '../resources/define';

/**
 * ELP as an LTI 1.3 platform (issue 30 item 1; IMS LTI 1.3 Core, Deep Linking 2.0, Assignment and
 * Grade Services 2.0, Names and Role Provisioning 2.0). Root registers tools; an instructor adds an
 * external tool exercise to a lesson; a student launches it; the tool sends scores back and reads
 * the course's members. The protocol endpoints (auth, token, services, deep linking return) answer
 * tools, not ELP's pages: they check the tool's signed JWT or ELP's access token themselves.
 */

const httpUrl = z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2000, m.tooLong);
const text = (max: number) => z.string(m.type).trim().min(1, m.required).max(max, m.tooLong);
export const ltiPresentation = z.enum(['iframe', 'window'], m.type);
export type LtiPresentation = z.infer<typeof ltiPresentation>;

/** A tool as Root registers it. A tool proves itself by its JWKS URL or by its public key (PEM), one of them. */
export const ltiToolInput = z
  .object({
    name: text(LABEL_MAX),
    clientId: text(255).regex(/^[\x21-\x7e]+$/, 'validation.invalid'),
    deploymentId: text(255).regex(/^[\x21-\x7e]+$/, 'validation.invalid'),
    loginUrl: httpUrl,
    targetLinkUri: httpUrl,
    redirectUris: z.array(httpUrl, m.type).max(20, m.tooBig).default([]),
    jwksUrl: z.union([httpUrl, z.literal('')]).nullish(),
    publicKey: z.string(m.type).trim().max(10_000, m.tooLong).nullish(),
    presentation: ltiPresentation.default('iframe'),
  })
  .refine((t) => Boolean(t.jwksUrl) !== Boolean(t.publicKey), { path: ['jwksUrl'], message: 'lti.keyRequired' })
  .refine((t) => !t.publicKey || t.publicKey.includes('-----BEGIN PUBLIC KEY-----'), { path: ['publicKey'], message: 'lti.publicKeyPem' });
export type LtiToolInput = z.infer<typeof ltiToolInput>;

export interface LtiTool {
  id: number;
  name: string;
  clientId: string;
  deploymentId: string;
  loginUrl: string;
  targetLinkUri: string;
  redirectUris: string[];
  jwksUrl: string | null;
  publicKey: string | null;
  presentation: LtiPresentation;
  createdAt: string;
}

/** What a tool's administrator needs from ELP to set ELP up as a platform. */
export interface LtiPlatformInfo {
  issuer: string;
  jwksUrl: string;
  authUrl: string;
  tokenUrl: string;
  deepLinkReturnUrl: string;
}

/** An external tool exercise: the usual exercise fields, its tool and, optionally, the content picked from it. */
export const ltiExerciseInput = exerciseInput.extend({
  toolId: z.coerce.number(m.type).int(m.type).positive(m.required),
  /** the content's launch URL; absent or empty: the tool's target link URI */
  url: z.union([httpUrl, z.literal('')]).nullish(),
  /** absent, null or empty: as the tool's registration says */
  presentation: z.union([ltiPresentation, z.literal('')]).nullish(),
});
export type LtiExerciseInput = z.infer<typeof ltiExerciseInput>;

/** The resource link of an external tool exercise. */
export interface LtiLink {
  exerciseId: number;
  toolId: number;
  toolName: string;
  url: string | null;
  title: string | null;
  custom: Record<string, string>;
  /** where it opens: the link's own choice, else the tool's */
  presentation: LtiPresentation;
}

/** What a launch needs in the player: where to open it. */
export interface LtiLaunchInfo {
  /** ELP's login initiation address for this course and exercise (opens the tool) */
  launchUrl: string;
  presentation: LtiPresentation;
  title: string | null;
  /** the caller's latest attempt (a student's; null before the first launch and for instructors): the score the tool sent */
  result: { status: AttemptStatus; score: number | null; maxScore: number | null } | null;
}

const idParam = z.object({ id: z.string().max(20) });

/** NRPS paging (section 2.4.2): `limit` members a page; `offset` is ELP's own cursor in the `next` link it gives. */
export const ltiMembershipsQuery = z.object({
  limit: z.coerce.number(m.type).int(m.type).min(1, m.type).max(1000, m.type).optional(),
  offset: z.coerce.number(m.type).int(m.type).min(0, m.type).optional(),
});
const form = { bodyKind: 'raw' } as const;

const I = '/api/instructors/Courses/{programId}';
export const ltiCalls = defineCalls('lti', {
  // ---------------------------------------------------------------- Root: tools
  platform: { method: 'GET', path: '/api/lti/platform', rule: 'root', response: returns<LtiPlatformInfo>(), summary: 'ELP’s issuer, keyset, auth, token and deep linking return URLs (for a tool’s administrator)' },
  tools: { method: 'GET', path: '/api/lti/tools', rule: 'root', response: returns<LtiTool[]>() },
  tool: { method: 'GET', path: '/api/lti/tools/{id}', rule: 'root', params: idParam, response: returns<LtiTool>() },
  createTool: { method: 'POST', path: '/api/lti/tools', rule: 'root', body: ltiToolInput, status: 201, response: returns<LtiTool>() },
  saveTool: { method: 'PUT', path: '/api/lti/tools/{id}', rule: 'root', params: idParam, body: ltiToolInput, response: returns<LtiTool>() },
  dropTool: { method: 'DELETE', path: '/api/lti/tools/{id}', rule: 'root', params: idParam, response: returns<{ id: number }>(), summary: 'Remove a tool no exercise links to (409 otherwise)' },

  // ---------------------------------------------------------------- instructors: external tool exercises
  toolChoices: { method: 'GET', path: '/api/instructors/lti/tools', rule: 'programs', response: returns<{ id: number; name: string }[]>() },
  createExercise: { method: 'POST', path: `${I}/Lessons/{lessonId}/Exercises/Create/LTI`, rule: 'programs', body: ltiExerciseInput, status: 201, response: returns<ExerciseInfo>() },
  link: { method: 'GET', path: `${I}/Exercises/{id}/LTI`, rule: 'programs', response: returns<LtiLink>() },
  saveLink: { method: 'PUT', path: `${I}/Exercises/{id}/LTI`, rule: 'programs', body: ltiExerciseInput, response: returns<LtiLink>() },
  deepLink: {
    method: 'GET',
    path: `${I}/Exercises/{id}/LTI/DeepLink`,
    rule: 'programs',
    summary: 'Starts a Deep Linking request to the exercise’s tool (a redirect to its login initiation); the picked content comes back to deepLinkReturn',
  },

  // ---------------------------------------------------------------- launch (OIDC third-party initiated login)
  // the player's (students'); staff reach a course only through course-scoped calls (a staff launch is a follow-up)
  launchInfo: { method: 'GET', path: '/api/study/lti/{courseId}/{exerciseId}', rule: 'student', response: returns<LtiLaunchInfo>() },
  launch: {
    method: 'GET',
    path: '/api/study/lti/{courseId}/{exerciseId}/launch',
    rule: 'student',
    summary: 'A student of the course opens the tool: a redirect to its OIDC login initiation URL (iss, login_hint, target_link_uri, lti_message_hint, lti_deployment_id, client_id)',
  },

  // ---------------------------------------------------------------- protocol endpoints (tools call these)
  jwks: { method: 'GET', path: '/api/lti/jwks', rule: 'public', summary: 'ELP’s public keys (JWKS)' },
  auth: {
    method: 'GET',
    path: '/api/lti/auth',
    rule: 'public',
    summary: 'OIDC authentication request from a tool: for the signed-in user of the login hint, a page that posts the signed id_token (form_post) to the redirect_uri',
  },
  token: { method: 'POST', path: '/api/lti/token', rule: 'public', ...form, summary: 'OAuth 2 client_credentials with a private_key_jwt assertion: an access token for AGS and NRPS' },
  deepLinkReturn: { method: 'POST', path: '/api/lti/deep-link-return', rule: 'public', ...form, summary: 'The tool’s LtiDeepLinkingResponse (form field JWT): the picked content becomes the exercise’s resource link' },
  lineItems: { method: 'GET', path: '/api/lti/ags/{courseId}/{exerciseId}/lineitems', rule: 'public', summary: 'AGS line items of a resource link (one: the exercise)' },
  createLineItem: { method: 'POST', path: '/api/lti/ags/{courseId}/{exerciseId}/lineitems', rule: 'public', ...form, summary: 'AGS: a tool asks for a line item; the exercise has exactly one, which is answered' },
  lineItem: { method: 'GET', path: '/api/lti/ags/{courseId}/{exerciseId}/lineitem', rule: 'public', summary: 'AGS line item of the exercise' },
  scores: { method: 'POST', path: '/api/lti/ags/{courseId}/{exerciseId}/lineitem/scores', rule: 'public', ...form, summary: 'AGS score: becomes the student’s result of the exercise' },
  memberships: {
    method: 'GET',
    path: '/api/lti/nrps/{courseId}/memberships',
    rule: 'public',
    query: ltiMembershipsQuery,
    summary: 'NRPS: the course’s members (students and instructors) with their roles; with `limit`, one page and a `Link: <…>; rel="next"` header to the next',
  },
});
