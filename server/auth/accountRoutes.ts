import type { FastifyPluginAsync } from 'fastify';
import * as client from 'openid-client';
import { AUTH_PATHS } from '../../shared/account.js';
import { accountCalls } from '../../shared/calls/account.js';
import { signInCalls } from '../../shared/calls/signIn.js';
import { accountState, endSession } from './accountStore.js';
import { SESSION_COOKIE } from './context.js';
import { unauthorized } from '../errors.js';
import { route } from '../http/route.js';
import { postLogoutRedirectUri } from './provider.js';
import { endProviderSession } from './providerSession.js';
import type { RelyingParty } from './relyingParty.js';
import { RETURN_COOKIE } from './signIn.js';

export interface AccountRoutesOptions {
  rp: RelyingParty;
}

/** The account calls of spec 3 §7.1 that the shell needs before and around sign-in (shared/calls/account.ts). */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (fastify, { rp }) => {
  const { config, db } = fastify;
  const secure = config.publicUrl.startsWith('https:');
  const calls = accountCalls;

  route(fastify, signInCalls.authType, async () => ({ authType: 'oidc' as const, loginUrl: AUTH_PATHS.login }));

  route(fastify, calls.checkExist, async (request) => {
    if (!request.user) throw unauthorized();
    return { exists: true as const, accountId: request.user.accountId };
  });

  route(fastify, signInCalls.redirectCookie, async (request, reply) => {
    // redirectToOld (spec: send non-students to the old site) is accepted; ELP has no old site.
    reply.setCookie(RETURN_COOKIE, request.body.url, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 3600 });
    return { url: request.body.url };
  });

  route(fastify, calls.currentState, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return accountState(request.user);
  });

  route(fastify, calls.logout, async (request, reply) => {
    let next = '/welcome';
    const ended = request.user ? await endSession(db, request.user.sessionId) : null;
    if (rp.embedded) {
      // our own provider: end its session here, no second confirmation page in the browser
      if (ended?.providerSession) await endProviderSession(db, ended.providerSession);
    } else if (ended?.idToken) {
      // an external provider ends its session when the browser visits its end_session_endpoint
      try {
        const configuration = await rp.configuration();
        if (configuration.serverMetadata().end_session_endpoint) {
          next = client.buildEndSessionUrl(configuration, {
            id_token_hint: ended.idToken,
            post_logout_redirect_uri: postLogoutRedirectUri(config),
          }).href;
        }
      } catch (err) {
        request.log.warn({ err }, 'no end-session URL from the identity provider');
      }
    }
    if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(next);
  });
};
