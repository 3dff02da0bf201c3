import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Db } from '../../db/client.js';
import { ltiAssertions, ltiMessages } from '../../db/schema/index.js';

/**
 * How far ahead a client assertion may expire. The IMS Security Framework asks for short-lived
 * assertions with a `jti` (ltijs: 60 s); a longer one would have to be remembered as long.
 */
export const MAX_ASSERTION_SECONDS = 600;

/**
 * Takes a verified client assertion's `jti` for its tool, once: false when it has no usable jti,
 * lives longer than MAX_ASSERTION_SECONDS, or was used before (a replay). Kept until it expires.
 */
export async function useAssertionOnce(db: Db, toolId: number, payload: JWTPayload, now = new Date()): Promise<boolean> {
  const { jti, exp } = payload;
  if (typeof jti !== 'string' || !jti || jti.length > 255 || typeof exp !== 'number') return false;
  if (exp * 1000 - now.getTime() > MAX_ASSERTION_SECONDS * 1000) return false;
  const taken = await db
    .insert(ltiAssertions)
    .values({ toolId, jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: ltiAssertions.jti });
  return taken.length === 1;
}

/** Deletes what has expired: used assertions, and login hints and deep linking rounds nobody finished. */
export async function sweepLti(db: Db, now = new Date()): Promise<void> {
  await db.delete(ltiAssertions).where(lt(ltiAssertions.expiresAt, now));
  await db.delete(ltiMessages).where(lt(ltiMessages.expiresAt, now));
}

/** Sweeps every hour while the server runs. */
export function sweepLtiHourly(app: FastifyInstance): void {
  const timer = setInterval(() => {
    sweepLti(app.db).catch((err: unknown) => app.log.warn({ err }, 'LTI sweep failed'));
  }, 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
