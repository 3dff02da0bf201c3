import { isIP } from 'node:net';
import { z } from 'zod';

/** One TRUST_PROXY entry: an IP address, a CIDR range, or a name proxy-addr knows (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (isIP(prefix) === family) return true; // address/netmask
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Start-up configuration, validated once. A bad or missing setting stops the
 * process with a message naming the variable, instead of failing later.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be an absolute URL such as http://localhost:3000' }).optional(),
    CONTENT_ORIGIN: z.url({ message: 'CONTENT_ORIGIN must be an origin such as https://content.elp.example.edu' }).optional(),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    OIDC_ISSUER: z.url({ message: 'OIDC_ISSUER must be the URL of an OpenID Connect issuer' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_COOKIE_KEYS: z.string().optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    TRUST_PROXY: z
      .string()
      .default('')
      .refine((v) => v.split(',').map((e) => e.trim()).filter(Boolean).every(isProxyAddress), {
        message: 'TRUST_PROXY must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), or loopback',
      }),
    API_DOCS: z.enum(['public', 'staff', 'off'], { message: 'API_DOCS must be public, staff or off' }).default('staff'),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().positive().max(24 * 60).default(15),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().default('ELP <no-reply@elp.local>'),
    // outgoing mail (server/mail): delivery attempts per letter, first back-off (doubles each retry), outbox poll
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
    MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
    MAIL_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    // the code sandbox (server/sandbox/queue.ts): slots, and runs waiting in all and per account
    SANDBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    SANDBOX_MAX_QUEUED: z.coerce.number().int().min(0).max(10_000).default(50),
    SANDBOX_QUEUE_PER_ACCOUNT: z.coerce.number().int().min(0).max(100).default(2),
    // stored files per account (server/files/quota.ts), MB; 0 = no limit
    STORAGE_QUOTA_MB: z.coerce.number().int().min(0).default(1024),
    STORAGE_QUOTA_STAFF_MB: z.coerce.number().int().min(0).default(10_240),
    // a file answer's size limit when its slide sets none, MB
    ANSWER_FILE_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
    // a chat message's file, MB (spec 2 §6: one file per message)
    CHAT_FILE_MAX_MB: z.coerce.number().int().min(1).max(2048).default(100),
    // address and company suggestions of attribute fields (server/modules/attributes/suggestions.ts)
    ATTRIBUTE_SUGGESTIONS: z.enum(['builtin', 'off'], { message: 'ATTRIBUTE_SUGGESTIONS must be builtin or off' }).default('builtin'),
    // the support widget's contacts (spec 2 §9): chat-bot link, e-mail, phone; unset ones are not shown
    SUPPORT_CHAT_BOT_URL: z.url({ message: 'SUPPORT_CHAT_BOT_URL must be an absolute URL' }).optional(),
    SUPPORT_EMAIL: z.email({ message: 'SUPPORT_EMAIL must be an e-mail address' }).optional(),
    SUPPORT_PHONE: z.string().regex(/^\+?[\d\s()-]{3,30}$/, 'SUPPORT_PHONE must be a phone number').optional(),
    // the knowledge base's provider (server/modules/knowledgeBase/provider.ts); external is not built yet
    KNOWLEDGE_BASE: z.enum(['builtin', 'external'], { message: 'KNOWLEDGE_BASE must be builtin or external' }).default('builtin'),
    SCORM_MAX_UNPACKED_MB: z.coerce.number().positive().default(500),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    // a request taking this long is logged at info (others at debug; server/http/requestLog.ts)
    LOG_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_ISSUER is set, so OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required too',
      });
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  /** where SCORM packages play: another host name than the app's (server/content/) */
  contentOrigin: string;
  /** true when the embedded OpenID Connect provider serves /oidc */
  embeddedOidc: boolean;
  seedDemo: boolean;
  /** proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy); false: none */
  trustProxy: string[] | false;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const proxies = env.TRUST_PROXY.split(',').map((e) => e.trim()).filter(Boolean);
  return {
    ...env,
    publicUrl,
    contentOrigin: contentOriginOf(publicUrl, env.CONTENT_ORIGIN),
    embeddedOidc: !env.OIDC_ISSUER,
    // Demo data belongs to the embedded default; on a real PostgreSQL it is opt-in.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !env.DATABASE_URL,
    trustProxy: proxies.length ? proxies : false,
  };
}

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * The origin SCORM packages are served from. It must be another host name than the app's:
 * cookies ignore ports, so another port of the app's host would receive its session cookie.
 * Default: `content.localhost` on a loopback PUBLIC_URL (browsers resolve *.localhost to
 * loopback, so it works with no set-up), else `content.<PUBLIC_URL host>`.
 */
function contentOriginOf(publicUrl: string, configured: string | undefined): string {
  const app = new URL(publicUrl);
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  CONTENT_ORIGIN: ${message}`);
  };
  let url: URL;
  if (configured) {
    url = new URL(configured);
    if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) fail('must be an origin (http(s)://host[:port]) with no path');
  } else if (LOOPBACK.test(app.hostname)) {
    url = new URL(`${app.protocol}//content.localhost${app.port ? `:${app.port}` : ''}`);
  } else if (IP_ADDRESS.test(app.hostname)) {
    return fail(`PUBLIC_URL is an IP address (${app.hostname}): set CONTENT_ORIGIN to a second host name of this server for SCORM packages`);
  } else {
    url = new URL(`${app.protocol}//content.${app.host}`);
  }
  if (url.hostname.toLowerCase() === app.hostname.toLowerCase()) fail(`must use another host name than PUBLIC_URL (${app.hostname}): cookies are shared between the ports of one host`);
  return url.origin;
}
