import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { AUTH_PATHS } from '../../src/shared/account.js';
import { canAccessPath, landingFor, type Principal } from '../../src/shared/permissions.js';
import { AccountCreateError, endSession, upsertAccountFromClaims } from './accountStore.js';
import { createSession, setSessionCookie } from './context.js';
import { FLOW_COOKIE, FLOW_TTL_SECONDS, openFlow, sealFlow } from './flowCookie.js';
import { redirectUri } from './provider.js';
import type { RelyingParty } from './relyingParty.js';
import { isSafeReturnPath } from './returnTo.js';
import { callbackQuery, loginQuery } from './schemas.js';
import type { AuthSecrets } from './secrets.js';
import { requestLang } from '../errors.js';

export interface SignInOptions {
  rp: RelyingParty;
  secrets: AuthSecrets;
}

/** Set by POST /api/account/CreateRedirectCookie; honoured by the callback when the flow has no returnTo. */
export const RETURN_COOKIE = 'elp_return_to';

/** Where a failed sign-in lands; the client shows a toast for `loginError` (LoginFailed, UserCreateFailed, AccessDenied). */
export const loginErrorUrl = (code: 'LoginFailed' | 'UserCreateFailed' | 'AccessDenied') => `/welcome?loginError=${code}`;

/**
 * The relying party's two routes:
 *   GET /api/auth/login?returnTo=/path  → the issuer's authorization endpoint (code + PKCE S256, state, nonce)
 *   GET /api/auth/callback              → code exchange, account upsert, session cookie, redirect
 */
export const signInRoutes: FastifyPluginAsync<SignInOptions> = async (fastify, { rp, secrets }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const secure = config.publicUrl.startsWith('https:');
  const flowCookiePath = '/api/auth';

  const clearFlow = (reply: FastifyReply) => reply.clearCookie(FLOW_COOKIE, { path: flowCookiePath });

  app.get(
    AUTH_PATHS.login,
    { config: { rule: 'public' }, schema: { tags: ['auth'], summary: 'Start sign-in (redirect to the identity provider)', querystring: loginQuery } },
    async (request, reply) => {
      const configuration = await rp.configuration();
      const verifier = client.randomPKCECodeVerifier();
      const flow = {
        verifier,
        state: client.randomState(),
        nonce: client.randomNonce(),
        returnTo: request.query.returnTo,
        iat: Date.now(),
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(config),
        scope: await rp.scope(),
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        ui_locales: requestLang(request),
      });
      reply.setCookie(FLOW_COOKIE, sealFlow(flow, secrets.flowKey), {
        path: flowCookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  function returnTarget(request: FastifyRequest, flowReturnTo: string | undefined, principal: Principal): string {
    const saved = request.cookies[RETURN_COOKIE];
    const candidate = flowReturnTo ?? (saved && isSafeReturnPath(saved) ? saved : undefined);
    const path = candidate?.split(/[?#]/)[0];
    if (!candidate || path === '/' || path === '/welcome' || !canAccessPath(principal, candidate)) return landingFor(principal.role);
    return candidate;
  }

  app.get(
    AUTH_PATHS.callback,
    { config: { rule: 'public' }, schema: { tags: ['auth'], summary: 'OpenID Connect redirect_uri', querystring: callbackQuery } },
    async (request, reply) => {
      const flow = openFlow(request.cookies[FLOW_COOKIE], secrets.flowKey);
      clearFlow(reply);
      reply.header('cache-control', 'no-store');
      if (request.query.error) {
        request.log.info({ error: request.query.error }, 'sign-in ended by the identity provider');
        return reply.redirect(loginErrorUrl(request.query.error === 'access_denied' ? 'AccessDenied' : 'LoginFailed'), 302);
      }
      if (!flow) {
        request.log.warn('sign-in callback without a valid flow cookie');
        return reply.redirect(loginErrorUrl('LoginFailed'), 302);
      }

      let claims: Record<string, unknown>;
      let idToken: string | undefined;
      try {
        const configuration = await rp.configuration();
        const current = new URL(redirectUri(config));
        current.search = new URL(request.url, config.publicUrl).search;
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        idToken = tokens.id_token;
        claims = { ...(tokens.claims() ?? {}) };
        // the embedded provider puts every claim in the ID token; others may keep some for userinfo
        if (!rp.embedded && configuration.serverMetadata().userinfo_endpoint) {
          try {
            Object.assign(claims, await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub)));
          } catch (err) {
            request.log.warn({ err }, 'userinfo request failed; using the ID token claims');
          }
        }
      } catch (err) {
        request.log.warn({ err }, 'sign-in callback failed');
        return reply.redirect(loginErrorUrl('LoginFailed'), 302);
      }

      let account;
      try {
        account = await upsertAccountFromClaims(db, rp.issuer, claims);
      } catch (err) {
        if (err instanceof AccountCreateError) {
          request.log.warn({ err, sub: claims.sub }, 'cannot create the account from the claims');
          return reply.redirect(loginErrorUrl('UserCreateFailed'), 302);
        }
        throw err;
      }

      if (request.user) await endSession(db, request.user.sessionId);
      const token = await createSession(db, account.id, config.SESSION_TTL_HOURS, { idToken, claims });
      setSessionCookie(reply, token, config.SESSION_TTL_HOURS, secure);
      reply.clearCookie(RETURN_COOKIE, { path: '/' });
      return reply.redirect(returnTarget(request, flow.returnTo, account), 302);
    },
  );
};
