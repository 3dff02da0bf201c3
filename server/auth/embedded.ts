import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Interaction } from 'oidc-provider';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { identityUsers } from '../db/schema/index.js';
import { pickLang, translate, type Lang } from '../i18n/messages.js';
import { AUTH_PATHS } from '../../shared/account.js';
import { sweepExpired } from './adapter.js';
import { passwordGuard, type PasswordGuard } from './deviceCookie.js';
import { sweepLoginFailures } from './loginLimiter.js';
import { loginPage, messagePage, STYLESHEET, STYLESHEET_PATH } from './pages.js';
import { hashPassword, verifyPassword } from './password.js';
import { createProvider, ELP_SCOPES, interactionPath, OIDC_PREFIX, pinToPublicUrl } from './provider.js';
import type { AuthSecrets } from './secrets.js';
import './messages.js';

export interface EmbeddedProviderOptions {
  secrets: AuthSecrets;
  /** failed attempts per account and trusted browser (default: LOGIN_MAX_FAILURES per LOGIN_LOCK_MINUTES, in Redis or the database) */
  guard?: PasswordGuard;
}

const LANG_COOKIE = 'elp_lang';
const uidParams = z.object({ uid: z.string().min(1).max(200) });
const langQuery = z.object({ lang: z.enum(['ru', 'en']).optional() });
const loginBody = z.object({
  login: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
});

/**
 * The embedded OpenID Connect provider at /oidc (oidc-provider 8), with ELP's
 * own login page (the interaction) in Russian and English.
 */
export const embeddedProvider: FastifyPluginAsync<EmbeddedProviderOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const provider = createProvider(db, config, options.secrets);
  const guard = options.guard ?? (await passwordGuard(app));
  // compared against when the login is unknown, so both cases take the same time
  const dummyHash = await hashPassword('not-a-password');

  provider.on('server_error', (_ctx: unknown, err: Error) => app.log.error({ err }, 'oidc provider error'));

  const sweep = setInterval(() => {
    Promise.all([sweepExpired(db), sweepLoginFailures(db)]).catch((err: unknown) => app.log.warn({ err }, 'oidc store sweep failed'));
  }, 60 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /** Page language: ?lang= (remembered in the elp_lang cookie), the cookie, ui_locales, Accept-Language. */
  function pageLang(request: FastifyRequest, reply: FastifyReply, interaction?: Interaction, explicit?: Lang): Lang {
    if (explicit) {
      reply.setCookie(LANG_COOKIE, explicit, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, secure: config.publicUrl.startsWith('https:') });
      return explicit;
    }
    const cookie = request.cookies[LANG_COOKIE];
    if (cookie === 'ru' || cookie === 'en') return cookie;
    const uiLocale = String(interaction?.params.ui_locales ?? '').split(' ')[0];
    if (uiLocale === 'ru' || uiLocale === 'en') return uiLocale;
    return pickLang(undefined, request.headers['accept-language']);
  }

  function expiredPage(reply: FastifyReply, lang: Lang) {
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(messagePage(lang, translate(lang, 'auth.error.title'), translate(lang, 'auth.interaction.expired'), {
        href: AUTH_PATHS.login,
        text: translate(lang, 'auth.interaction.restart'),
      }));
  }

  async function details(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Interaction | null> {
    try {
      pinToPublicUrl(request.raw, config, request.ip);
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : null;
    } catch {
      return null;
    }
  }

  function renderLogin(reply: FastifyReply, status: number, lang: Lang, uid: string, extra: { login?: string; error?: string } = {}) {
    const other: Lang = lang === 'ru' ? 'en' : 'ru';
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(loginPage({ lang, action: interactionPath(uid), switchLangHref: `${interactionPath(uid)}?lang=${other}`, ...extra }));
  }

  /** Consent is implicit for ELP's own client; should a consent prompt still come, grant what it asks. */
  async function grantConsent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction): Promise<string> {
    const accountId = interaction.session?.accountId;
    const clientId = String(interaction.params.client_id ?? '');
    if (!accountId) throw new Error('consent without a signed-in account');
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) throw new Error('grant not found');
    const d = interaction.prompt.details;
    grant.addOIDCScope((d.missingOIDCScope ?? ELP_SCOPES).join(' '));
    if (d.missingOIDCClaims?.length) grant.addOIDCClaims(d.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(d.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    return provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  app.get(STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(STYLESHEET),
  );

  app.get(
    `${OIDC_PREFIX}/interaction/:uid`,
    { schema: { hide: true, params: uidParams, querystring: langQuery } },
    async (request, reply) => {
      const interaction = await details(request, reply, request.params.uid);
      const lang = pageLang(request, reply, interaction ?? undefined, request.query.lang);
      if (!interaction) return expiredPage(reply, lang);
      if (interaction.prompt.name === 'consent') return reply.redirect(await grantConsent(request, reply, interaction), 303);
      return renderLogin(reply, 200, lang, interaction.uid);
    },
  );

  app.post(
    `${OIDC_PREFIX}/interaction/:uid`,
    {
      schema: { hide: true, params: uidParams, body: loginBody },
      // a coarse per-address ceiling on top of the per-account limiter below
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const interaction = await details(request, reply, request.params.uid);
      const lang = pageLang(request, reply, interaction ?? undefined);
      if (!interaction || interaction.prompt.name !== 'login') return expiredPage(reply, lang);

      const login = request.body.login.trim();
      const tooMany = (wait: number) => {
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        const minutes = Math.max(1, Math.ceil(wait / 60_000));
        return renderLogin(reply, 429, lang, interaction.uid, { login, error: translate(lang, 'auth.login.tooMany', { minutes }) });
      };

      const [user] = login
        ? await db.select().from(identityUsers).where(sql`lower(${identityUsers.login}) = ${login.toLowerCase()}`).limit(1)
        : [];
      // counted first: a locked client is refused before its password is even checked, the right one too
      const attempt = await guard.attempt(request, login, user?.id);
      if (attempt.refusedFor > 0) return tooMany(attempt.refusedFor);
      const passwordOk = await verifyPassword(request.body.password, user?.passwordHash ?? dummyHash);
      if (!user || !passwordOk) {
        if (attempt.lockedIfWrong > 0) return tooMany(attempt.lockedIfWrong);
        return renderLogin(reply, 401, lang, interaction.uid, { login, error: translate(lang, 'auth.login.wrongPassword') });
      }
      await guard.succeeded(request, reply, login, user.id, attempt);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: String(user.id), remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );

  // Everything else under /oidc is the provider itself. Its Koa app reads the raw
  // request (and its body), so this scope parses nothing and hands over req/res.
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      pinToPublicUrl(request.raw, config, request.ip);
      const raw = request.raw as IncomingMessage & { originalUrl?: string; baseUrl?: string };
      const rest = (raw.url ?? '/').slice(OIDC_PREFIX.length) || '/';
      raw.originalUrl = `${OIDC_PREFIX}${rest}`;
      raw.baseUrl = OIDC_PREFIX;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      callback(raw, reply.raw);
    };
    scope.all(OIDC_PREFIX, { schema: { hide: true } }, handler);
    scope.all(`${OIDC_PREFIX}/*`, { schema: { hide: true } }, handler);
  });
};
