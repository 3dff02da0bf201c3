import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { AUTH_PATHS, isSafeReturnPath, type LoginError } from '../../shared/account.js';
import { canAccessPath, landingFor, roleProblem, type Principal } from '../../shared/permissions.js';
import { AccountCreateError, endSession, upsertAccountFromClaims } from './accountStore.js';
import { createSession, setSessionCookie } from './context.js';
import { FLOW_COOKIE, FLOW_TTL_SECONDS, openFlow, sealFlow } from './flowCookie.js';
import { redirectUri } from './provider.js';
import { providerSessionOf } from './providerSession.js';
import type { RelyingParty } from './relyingParty.js';
import { callbackQuery, loginQuery } from './schemas.js';
import type { AuthSecrets } from './secrets.js';
import { requestLang } from '../errors.js';

export interface SignInOptions {
  rp: RelyingParty;
  secrets: AuthSecrets;
}

/** Set by POST /api/account/CreateRedirectCookie; honoured by the callback when the flow has no returnTo. */
export const RETURN_COOKIE = 'elp_return_to';

/** Where a failed sign-in lands; the welcome page says why (`loginError`, shared/account.ts). */
export const loginErrorUrl = (code: LoginError) => `/welcome?loginError=${code}`;

/** A request to the identity provider that got no answer at all (refused, reset, timed out), not a refusal. */
export function unreachable(err: unknown): boolean {
  const e = err as { name?: string; message?: string; code?: string; cause?: { code?: string; name?: string } } | null;
  if (!e) return false;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.cause?.name === 'ConnectTimeoutError') return true;
  if (e.name === 'TypeError' && /fetch failed/i.test(e.message ?? '')) return true;
  return /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR_\w+)$/.test(e.code ?? e.cause?.code ?? '');
}

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
      let configuration: client.Configuration;
      try {
        configuration = await rp.configuration();
      } catch (err) {
        request.log.error({ err, issuer: rp.issuer }, 'the identity provider cannot be reached');
        return reply.header('cache-control', 'no-store').redirect(loginErrorUrl('ProviderUnavailable'), 302);
      }
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
        const { error, error_description: description } = request.query;
        request.log.info({ error, description }, 'sign-in ended by the identity provider');
        return reply.redirect(loginErrorUrl(error === 'access_denied' ? 'AccessDenied' : 'ProviderError'), 302);
      }
      if (!flow) {
        // no cookie: the sign-in began at another host name of the site (or cookies are off); else it is spoilt or too old
        const missing = request.cookies[FLOW_COOKIE] === undefined;
        request.log.warn({ host: request.host, publicUrl: config.publicUrl }, `sign-in callback ${missing ? 'without' : 'with an expired or invalid'} flow cookie`);
        return reply.redirect(loginErrorUrl(missing ? 'SignInCookieMissing' : 'SignInExpired'), 302);
      }
      if (request.query.state !== flow.state) {
        // the browser began another sign-in (another tab) after this one: its cookie now holds that flow
        request.log.info('sign-in callback for an older flow');
        return reply.redirect(loginErrorUrl('SignInExpired'), 302);
      }

      let configuration: client.Configuration;
      try {
        configuration = await rp.configuration();
      } catch (err) {
        request.log.error({ err, issuer: rp.issuer }, 'the identity provider cannot be reached');
        return reply.redirect(loginErrorUrl('ProviderUnavailable'), 302);
      }
      let claims: Record<string, unknown>;
      let idToken: string | undefined;
      let accessToken: string | undefined;
      try {
        const current = new URL(redirectUri(config));
        current.search = new URL(request.url, config.publicUrl).search;
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        idToken = tokens.id_token;
        accessToken = tokens.access_token;
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
        if (unreachable(err)) {
          request.log.error({ err, issuer: rp.issuer }, 'sign-in callback failed: the identity provider cannot be reached');
          return reply.redirect(loginErrorUrl('ProviderUnavailable'), 302);
        }
        request.log.warn({ err }, 'sign-in callback failed: the identity provider did not confirm the sign-in');
        return reply.redirect(loginErrorUrl('ProviderError'), 302);
      }

      let account;
      try {
        account = await upsertAccountFromClaims(db, rp.issuer, claims, { address: request.ip });
      } catch (err) {
        if (err instanceof AccountCreateError) {
          request.log.warn({ err, sub: claims.sub }, 'cannot create the account from the claims');
          return reply.redirect(loginErrorUrl('UserCreateFailed'), 302);
        }
        throw err;
      }
      // no role in ELP (none sent, or one ELP does not know): no session, and the welcome page says why
      // (the account is still refreshed above: a role taken away at the provider is taken away here too)
      const noRole = roleProblem(claims);
      if (noRole) {
        request.log.warn({ sub: claims.sub, role: claims.role }, 'sign-in refused: the identity provider sent no role ELP knows');
        return reply.redirect(loginErrorUrl(noRole), 302);
      }

      if (request.user) await endSession(db, request.user.sessionId);
      const providerSession = rp.embedded ? await providerSessionOf(db, accessToken) : null;
      const token = await createSession(db, account.id, config.SESSION_TTL_HOURS, { idToken, providerSession, claims });
      setSessionCookie(reply, token, config.SESSION_TTL_HOURS, secure);
      reply.clearCookie(RETURN_COOKIE, { path: '/' });
      return reply.redirect(returnTarget(request, flow.returnTo, account), 302);
    },
  );
};
