import type { IncomingMessage } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { identityUsers } from '../db/schema/index.js';
import { pickLang, translate } from '../i18n/messages.js';
import { FLAGS } from '../../shared/permissions.js';
import { AUTH_PATHS } from '../../shared/account.js';
import { drizzleAdapter } from './adapter.js';
import { logoutPage, messagePage } from './pages.js';
import type { AuthSecrets } from './secrets.js';

export const OIDC_PREFIX = '/oidc';
/** The interaction (login page) URL for an interaction uid. */
export const interactionPath = (uid: string) => `${OIDC_PREFIX}/interaction/${encodeURIComponent(uid)}`;

/** Scope "elp" carries ELP's own claims: role, accessToPhysical and every Role_<Flag> (spec 1 §6). */
export const ELP_SCOPE = 'elp';
export const ELP_CLAIMS = ['role', 'accessToPhysical', ...FLAGS.map((f) => `Role_${f}`)];
export const ELP_SCOPES = ['openid', 'email', 'profile', ELP_SCOPE];

export const embeddedIssuer = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${OIDC_PREFIX}`;
export const embeddedClientId = (config: Pick<Config, 'OIDC_CLIENT_ID'>) => config.OIDC_CLIENT_ID ?? 'elp';
export const redirectUri = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${AUTH_PATHS.callback}`;
export const postLogoutRedirectUri = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/welcome`;

function ctxLang(ctx: KoaContextWithOIDC) {
  return pickLang(ctx.cookies.get('elp_lang', { signed: false }), ctx.get('accept-language'));
}

/** Claims of an identity user, as the provider hands them out (filtered by the granted scopes). */
export function identityClaims(user: typeof identityUsers.$inferSelect): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: String(user.id),
    email: user.email,
    email_verified: user.emailVerified,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    role: user.role,
    accessToPhysical: user.accessToPhysical,
  };
  for (const flag of user.flags) claims[`Role_${flag}`] = true;
  return claims;
}

export function createProvider(db: Db, config: Config, secrets: AuthSecrets): Provider {
  const clientId = embeddedClientId(config);

  const configuration: Configuration = {
    adapter: drizzleAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_secret: secrets.clientSecret,
        client_name: 'ELP',
        redirect_uris: [redirectUri(config)],
        post_logout_redirect_uris: [postLogoutRedirectUri(config)],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: ELP_SCOPES.join(' '),
      },
    ],
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: 'elp_op_session', interaction: 'elp_op_interaction', resume: 'elp_op_resume' },
      // everything is on one site: Lax works over plain http in development too
      long: { signed: true, httpOnly: true, sameSite: 'lax', path: OIDC_PREFIX },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      [ELP_SCOPE]: ELP_CLAIMS,
    },
    // the relying party reads the claims from the ID token (and the userinfo answer)
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          ctx.body = logoutPage(ctxLang(ctx), form);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          const lang = ctxLang(ctx);
          ctx.type = 'html';
          ctx.body = messagePage(lang, translate(lang, 'auth.logout.title'), translate(lang, 'auth.logout.done'), {
            href: '/welcome',
            text: translate(lang, 'auth.logout.back'),
          });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    async findAccount(_ctx, sub) {
      const id = Number(sub);
      if (!Number.isSafeInteger(id)) return undefined;
      const [user] = await db.select().from(identityUsers).where(eq(identityUsers.id, id)).limit(1);
      if (!user) return undefined;
      return { accountId: sub, claims: () => identityClaims(user) };
    },
    // ELP is a first-party client: its grant is made at sign-in, no consent screen.
    async loadExistingGrant(ctx) {
      const { client, session, result, provider } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? (client ? session?.grantIdFor(client.clientId) : undefined);
      if (grantId) return provider.Grant.find(grantId);
      if (!client || client.clientId !== clientId || !session?.accountId) return undefined;
      const grant = new provider.Grant({ clientId, accountId: session.accountId });
      grant.addOIDCScope(ELP_SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      const lang = ctxLang(ctx);
      const detail = out.error_description ?? out.error ?? '';
      ctx.type = 'html';
      ctx.body = messagePage(lang, translate(lang, 'auth.error.title'), detail, {
        href: '/welcome',
        text: translate(lang, 'auth.error.back'),
      });
    },
    clientBasedCORS: () => false,
    ttl: {
      Session: Math.round(config.SESSION_TTL_HOURS * 3600),
      Interaction: 3600,
      Grant: Math.round(config.SESSION_TTL_HOURS * 3600),
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
    },
  };

  const provider = new Provider(embeddedIssuer(config), configuration);
  // It reads host, scheme and client address from X-Forwarded-*, which pinToPublicUrl sets on every request it gets.
  provider.proxy = true;
  return provider;
}

/**
 * Before the provider sees a request: it builds every URL (discovery, redirects, the
 * interaction) from PUBLIC_URL, never from a Host or X-Forwarded-Host/-Proto the client
 * sent, and its client address is the one Fastify settled on (TRUST_PROXY).
 */
export function pinToPublicUrl(raw: IncomingMessage, config: Pick<Config, 'publicUrl'>, ip: string): void {
  const url = new URL(config.publicUrl);
  raw.headers['x-forwarded-host'] = url.host;
  raw.headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  raw.headers['x-forwarded-for'] = ip;
}
