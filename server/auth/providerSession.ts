import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { oidcStore } from '../db/schema/index.js';

/**
 * The embedded provider's session (its "remember me" sign-in in this browser) behind
 * a sign-in: the access token the provider just issued records it. Read at the callback
 * and kept with ELP's session, so that signing out of ELP can end it too.
 */
export async function providerSessionOf(db: Db, accessToken: string | undefined): Promise<string | null> {
  if (!accessToken) return null;
  const [row] = await db
    .select({ payload: oidcStore.payload })
    .from(oidcStore)
    .where(eq(oidcStore.key, `AccessToken:${accessToken}`))
    .limit(1);
  const uid = row?.payload.sessionUid;
  return typeof uid === 'string' ? uid : null;
}

/**
 * Ends the embedded provider's session server-side (sign-out): its row and every grant
 * it holds with the tokens issued under them, so the next sign-in in this browser asks
 * for the password again (a shared lab computer does not sign the previous person in).
 * The browser's provider cookie then names a session that no longer exists.
 */
export async function endProviderSession(db: Db, sessionUid: string): Promise<void> {
  const rows = await db
    .select({ key: oidcStore.key, payload: oidcStore.payload })
    .from(oidcStore)
    .where(and(eq(oidcStore.model, 'Session'), eq(oidcStore.uid, sessionUid)));
  if (rows.length === 0) return;
  const grantIds = rows.flatMap((r) =>
    Object.values((r.payload.authorizations ?? {}) as Record<string, { grantId?: unknown }>)
      .map((a) => a.grantId)
      .filter((id): id is string => typeof id === 'string'),
  );
  const keys = [...rows.map((r) => r.key), ...grantIds.map((id) => `Grant:${id}`)];
  await db
    .delete(oidcStore)
    .where(grantIds.length ? or(inArray(oidcStore.key, keys), inArray(oidcStore.grantId, grantIds)) : inArray(oidcStore.key, keys));
}
