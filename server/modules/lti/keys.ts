import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, exportJWK, generateKeyPair, importJWK, importSPKI, type JWK, type JWTVerifyGetKey, type KeyLike } from 'jose';
import type { Db } from '../../db/client.js';
import { ltiKeys, type ltiTools } from '../../db/schema/index.js';

/**
 * ELP's signing key (RS256, what LTI 1.3 requires): made on first use and kept in the database, so
 * every process and every restart signs with the same key and publishes it at the JWKS URL.
 * All JWT and JWK work goes through jose.
 */
export interface PlatformKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
  publicJwk: JWK;
}

let cached: Promise<PlatformKey> | null = null;
let cachedDb: Db | null = null;

async function loadOrMake(db: Db): Promise<PlatformKey> {
  let [row] = await db.select().from(ltiKeys).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const values = { kid, privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' }, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
    // two processes at once: the first key wins, the second reads it
    await db.insert(ltiKeys).values(values).onConflictDoNothing();
    [row] = await db.select().from(ltiKeys).limit(1);
  }
  return { kid: row.kid, privateKey: await importJWK(row.privateJwk as unknown as JWK, 'RS256'), publicJwk: row.publicJwk as unknown as JWK };
}

export function platformKey(db: Db): Promise<PlatformKey> {
  if (!cached || cachedDb !== db) {
    cachedDb = db;
    cached = loadOrMake(db).catch((e: unknown) => {
      cached = null;
      throw e;
    });
  }
  return cached;
}

type Tool = Pick<typeof ltiTools.$inferSelect, 'jwksUrl' | 'publicKey'>;
const remoteSets = new Map<string, JWTVerifyGetKey>();

/** How a tool's JWT is checked: its JWKS URL (fetched and cached by jose) or its PEM public key. */
export async function toolVerificationKey(tool: Tool): Promise<JWTVerifyGetKey | KeyLike> {
  if (tool.jwksUrl) {
    let set = remoteSets.get(tool.jwksUrl);
    if (!set) {
      set = createRemoteJWKSet(new URL(tool.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 1000 });
      remoteSets.set(tool.jwksUrl, set);
    }
    return set;
  }
  if (tool.publicKey) return importSPKI(tool.publicKey, 'RS256');
  throw new Error('LTI tool without a key');
}
