import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { invalidate, onInvalidate } from '../cache/invalidation.js';
import type { Db } from '../db/client.js';
import { attempts, oidcStore } from '../db/schema/index.js';

/**
 * Capabilities for package files on the content origin. The content origin sees no cookies,
 * so a package's files are authorised by an unguessable token in the URL path: the attempt
 * and the package it may read, and when it expires, signed with a key kept in the database
 * (every server process verifies what another issued). A retake (the attempt discarded)
 * revokes it; the attempt's state is remembered LIVE_TTL_MS per process.
 */
export interface PackageGrant {
  attemptId: number;
  /** storage key of the unpacked package */
  packageKey: string;
}

const MODEL = 'ElpContentKey';
const KEY = `${MODEL}:v1`;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key, created on first use (first writer wins) and kept in oidc_store beside the other server secrets. */
export function contentKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      const read = async () => (await db.select({ payload: oidcStore.payload }).from(oidcStore).where(eq(oidcStore.key, KEY)).limit(1))[0]?.payload;
      let stored = await read();
      if (!stored) {
        await db.insert(oidcStore).values({ key: KEY, model: MODEL, payload: { key: randomBytes(32).toString('base64url') } }).onConflictDoNothing({ target: oidcStore.key });
        stored = await read();
      }
      if (typeof stored?.key !== 'string') throw new Error('could not store the content origin key');
      return Buffer.from(stored.key, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`scorm-package:${body}`).digest();

/** A token for `grant`, valid until `expiresAt`. */
export function issueCapability(key: Buffer, grant: PackageGrant, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ a: grant.attemptId, k: grant.packageKey, x: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
  return `${body}.${sign(key, body).toString('base64url')}`;
}

/** The grant of a well-signed token that has not expired, else null. */
export function readCapability(key: Buffer, token: string, now = new Date()): PackageGrant | null {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length) return null;
  const expected = sign(key, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: { a?: unknown; k?: unknown; x?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims.a !== 'number' || typeof claims.k !== 'string' || typeof claims.x !== 'number') return null;
  if (claims.x * 1000 <= now.getTime()) return null;
  return { attemptId: claims.a, packageKey: claims.k };
}

const LIVE_TTL_MS = 10_000;
const liveCaches = new WeakMap<Db, LRUCache<number, boolean>>();

onInvalidate('content:attempt', (db, attemptId) => void liveCaches.get(db)?.delete(Number(attemptId)));

/** The package's launcher sees the attempts discarded (a retake), in every process, at once. */
export function forgetAttempts(db: Db, attemptIds: readonly number[]): void {
  for (const id of attemptIds) invalidate(db, 'content:attempt', id);
}

/** Whether the attempt still exists and no retake discarded it (remembered LIVE_TTL_MS). */
export async function attemptIsLive(db: Db, attemptId: number): Promise<boolean> {
  let cache = liveCaches.get(db);
  if (!cache) liveCaches.set(db, (cache = new LRUCache<number, boolean>({ max: 10_000, ttl: LIVE_TTL_MS })));
  const known = cache.get(attemptId);
  if (known !== undefined) return known;
  const [row] = await db.select({ status: attempts.status }).from(attempts).where(eq(attempts.id, attemptId)).limit(1);
  const live = !!row && row.status !== 'discarded';
  cache.set(attemptId, live);
  return live;
}
