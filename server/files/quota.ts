import { sql } from 'drizzle-orm';
import { MB } from '../../shared/files.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import type { Storage } from './storage.js';
import { rowsOf } from '../db/rows.js';

/**
 * Per-account storage quota: the sizes of the `files` rows an account owns, summed
 * (files_owner_idx). Students (and guests) get STORAGE_QUOTA_MB, instructors
 * STORAGE_QUOTA_STAFF_MB; Root and files without an owner are not limited; 0 turns a limit off.
 * Checked before the bytes are stored when their size is known, and again under a lock on
 * the owner's account row when the file's row is written, so concurrent uploads cannot
 * pass the quota together.
 */
export interface QuotaLimits {
  studentBytes: number;
  staffBytes: number;
}

/** an owner's limit and what its files take now */
export interface Usage {
  limit: number;
  used: number;
}

// the limits travel with the storage instance of their configuration (storageFor)
const limitsOf = new WeakMap<Storage, QuotaLimits>();

export function setQuotaLimits(storage: Storage, config: Pick<Config, 'STORAGE_QUOTA_MB' | 'STORAGE_QUOTA_STAFF_MB'>): void {
  limitsOf.set(storage, { studentBytes: config.STORAGE_QUOTA_MB * MB, staffBytes: config.STORAGE_QUOTA_STAFF_MB * MB });
}


/**
 * The owner's quota and usage, or null when no quota applies. `lock` (inside a transaction)
 * holds the owner's account row until it ends, so the row written next is counted by the
 * next check; NO KEY UPDATE leaves the rows referring to the account free to be written.
 */
export async function storageUsage(db: Db, storage: Storage, ownerId: number | null, lock = false): Promise<Usage | null> {
  const limits = limitsOf.get(storage);
  if (!limits || ownerId === null) return null;
  // the lock first, then the sum in its own statement: it sees what the lock's previous holder committed
  if (lock) await db.execute(sql`select 1 from "accounts" where "id" = ${ownerId} for no key update`);
  const [row] = rowsOf<{ role: string; used: string | number }>(
    await db.execute(sql`select a."role", (select coalesce(sum(f."size"), 0) from "files" f where f."owner_id" = a."id") as "used"
      from "accounts" a where a."id" = ${ownerId}`),
  );
  if (!row || row.role === 'Root') return null;
  const limit = row.role === 'Instructors' ? limits.staffBytes : limits.studentBytes;
  return limit > 0 ? { limit, used: Number(row.used) } : null;
}

/** Bytes the owner may still store (Infinity without a quota). */
export async function storageLeft(db: Db, storage: Storage, ownerId: number | null): Promise<number> {
  const usage = await storageUsage(db, storage, ownerId);
  return usage ? Math.max(0, usage.limit - usage.used) : Number.POSITIVE_INFINITY;
}

const mb = (bytes: number) => Math.max(0, Math.floor((bytes / MB) * 100) / 100);

/** 413 StorageQuotaExceeded: the file does not fit in what is left of the owner's quota. */
export function quotaExceeded(name: string, usage: Usage, freedBytes = 0): AppError {
  return new AppError(413, 'StorageQuotaExceeded', {
    title: 'upload.quotaExceeded',
    description: 'upload.quotaExceededHint',
    vars: { name, left: mb(usage.limit - usage.used + freedBytes), quota: mb(usage.limit) },
  });
}

/** Throws quotaExceeded unless `size` more bytes fit (counting `freedBytes` the caller removes right after). */
export function assertFits(name: string, usage: Usage | null, size: number, freedBytes = 0): void {
  if (usage && usage.used - freedBytes + size > usage.limit) throw quotaExceeded(name, usage, freedBytes);
}
