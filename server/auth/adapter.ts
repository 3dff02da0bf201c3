import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { oidcStore } from '../db/schema/index.js';

/**
 * oidc-provider's storage on the oidc_store table: one row per model + id
 * (sessions, interactions, codes, tokens, grants), expiring rows ignored and
 * swept by `sweepExpired`. Clients are static, so Client lookups never touch the database.
 */
export function drizzleAdapter(db: Db): AdapterConstructor {
  const live = () => or(isNull(oidcStore.expiresAt), gt(oidcStore.expiresAt, new Date()));

  return class DrizzleAdapter implements Adapter {
    constructor(readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const row = {
        model: this.model,
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcStore)
        .values({ key: this.key(id), ...row })
        .onConflictDoUpdate({ target: oidcStore.key, set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return undefined;
      const rows = await db
        .select({ payload: oidcStore.payload })
        .from(oidcStore)
        .where(and(eq(oidcStore.key, this.key(id)), live()))
        .limit(1);
      return rows[0]?.payload as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const rows = await db
        .select({ payload: oidcStore.payload })
        .from(oidcStore)
        .where(and(eq(oidcStore.model, this.model), eq(oidcStore.uid, uid), live()))
        .limit(1);
      return rows[0]?.payload as AdapterPayload | undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const rows = await db
        .select({ payload: oidcStore.payload })
        .from(oidcStore)
        .where(and(eq(oidcStore.model, this.model), eq(oidcStore.userCode, userCode), live()))
        .limit(1);
      return rows[0]?.payload as AdapterPayload | undefined;
    }

    async consume(id: string): Promise<void> {
      const consumed = Math.floor(Date.now() / 1000);
      await db
        .update(oidcStore)
        .set({ payload: sql`${oidcStore.payload} || jsonb_build_object('consumed', ${consumed}::int)` })
        .where(eq(oidcStore.key, this.key(id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcStore).where(eq(oidcStore.key, this.key(id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcStore).where(eq(oidcStore.grantId, grantId));
    }
  };
}

/** Deletes expired provider artefacts (rows without expiry, such as the key material, stay). */
export async function sweepExpired(db: Db): Promise<void> {
  await db.delete(oidcStore).where(lt(oidcStore.expiresAt, new Date()));
}
