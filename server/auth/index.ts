import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './accountRoutes.js';
import { embeddedProvider } from './embedded.js';
import { createRelyingParty } from './relyingParty.js';
import { loadAuthSecrets } from './secrets.js';
import { signInRoutes } from './signIn.js';
import './messages.js';

/**
 * Sign-in: the embedded OpenID Connect provider at /oidc (unless OIDC_ISSUER
 * points elsewhere), ELP as its relying party, and the account calls.
 */
export const authModule: FastifyPluginAsync = async (app) => {
  const secrets = await loadAuthSecrets(app.db, app.config);
  if (app.config.embeddedOidc) await app.register(embeddedProvider, { secrets });
  const rp = createRelyingParty(app, app.config, secrets);
  await app.register(signInRoutes, { rp, secrets });
  await app.register(accountRoutes, { rp });
};
