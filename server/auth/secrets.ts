import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { oidcStore } from '../db/schema/index.js';

/**
 * Key material that must survive restarts: the provider's signing keys (JWKS),
 * its cookie keys, the ELP client's secret and the key that signs the relying
 * party's short-lived flow cookie. Generated once per database and kept in
 * oidc_store (model "ElpSecrets"), so every server process on the same
 * database signs and verifies with the same keys.
 */
export interface AuthSecrets {
  jwks: { keys: Array<Record<string, unknown>> };
  cookieKeys: string[];
  clientSecret: string;
  flowKey: string;
}

const MODEL = 'ElpSecrets';
const KEY = `${MODEL}:v1`;

function generate(): AuthSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return {
    jwks: { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'RS256' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecret: randomBytes(32).toString('base64url'),
    flowKey: randomBytes(32).toString('base64url'),
  };
}

async function read(db: Db): Promise<AuthSecrets | undefined> {
  const rows = await db.select({ payload: oidcStore.payload }).from(oidcStore).where(eq(oidcStore.key, KEY)).limit(1);
  return rows[0]?.payload as unknown as AuthSecrets | undefined;
}

/** Loads the stored secrets, creating them on first start (first writer wins). */
export async function loadAuthSecrets(db: Db, config: Pick<Config, 'OIDC_COOKIE_KEYS' | 'OIDC_CLIENT_SECRET' | 'embeddedOidc'>): Promise<AuthSecrets> {
  let stored = await read(db);
  if (!stored) {
    await db
      .insert(oidcStore)
      .values({ key: KEY, model: MODEL, payload: generate() as unknown as Record<string, unknown> })
      .onConflictDoNothing({ target: oidcStore.key });
    stored = await read(db);
    if (!stored) throw new Error('could not store the identity provider keys');
  }
  const cookieKeys = config.OIDC_COOKIE_KEYS?.split(',').map((k) => k.trim()).filter(Boolean);
  return {
    ...stored,
    cookieKeys: cookieKeys?.length ? cookieKeys : stored.cookieKeys,
    // an explicit secret wins (also for the embedded client, e.g. to share it with another RP)
    clientSecret: config.embeddedOidc && config.OIDC_CLIENT_SECRET ? config.OIDC_CLIENT_SECRET : stored.clientSecret,
  };
}
