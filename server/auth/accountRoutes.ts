import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { AUTH_PATHS } from '../../shared/account.js';
import { accountState, endSession } from './accountStore.js';
import { SESSION_COOKIE } from './context.js';
import { unauthorized } from '../errors.js';
import { postLogoutRedirectUri } from './provider.js';
import { endProviderSession } from './providerSession.js';
import type { RelyingParty } from './relyingParty.js';
import {
  accountStateSchema,
  authTypeAnswer,
  checkExistAnswer,
  logoutQuery,
  redirectCookieAnswer,
  redirectCookieBody,
  redirectCookieQuery,
} from './schemas.js';
import { RETURN_COOKIE } from './signIn.js';

export interface AccountRoutesOptions {
  rp: RelyingParty;
}

/** The account calls of spec 3 §7.1 that the shell needs before and around sign-in. */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (fastify, { rp }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const secure = config.publicUrl.startsWith('https:');
  const tags = ['account'];

  app.get(
    '/api/Login/AuthType',
    { config: { rule: 'public' }, schema: { tags, summary: 'How users sign in', response: { 200: authTypeAnswer } } },
    async () => ({ authType: 'oidc' as const, loginUrl: AUTH_PATHS.login }),
  );

  app.get(
    '/api/account/CheckExistAccount',
    { config: { rule: 'public' }, schema: { tags, summary: 'The signed-in account (401 when none)', response: { 200: checkExistAnswer } } },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { exists: true as const, accountId: request.user.accountId };
    },
  );

  app.post(
    '/api/account/CreateRedirectCookie',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        summary: 'Remember a same-origin path to open after sign-in',
        body: redirectCookieBody,
        querystring: redirectCookieQuery,
        response: { 200: redirectCookieAnswer },
      },
    },
    async (request, reply) => {
      // redirectToOld (spec: send non-students to the old site) is accepted; ELP has no old site.
      reply.setCookie(RETURN_COOKIE, request.body.url, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 3600 });
      return { url: request.body.url };
    },
  );

  app.get(
    AUTH_PATHS.currentState,
    { config: { rule: 'public' }, schema: { tags, summary: 'Role, flags and profile basics of the caller (Guest without a session)', response: { 200: accountStateSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accountState(request.user);
    },
  );

  app.post(
    AUTH_PATHS.logout,
    {
      config: { rule: 'public' },
      schema: {
        tags,
        summary: 'End the session (and the embedded provider’s); answers (text) the URL to open next: an external provider’s end-session URL or /welcome',
        querystring: logoutQuery,
      },
    },
    async (request, reply) => {
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
    },
  );
};
