import type { AuthUser } from '../auth/context.js';
import type { Db } from '../db/client.js';
import type { FileRow } from './service.js';

/**
 * Who may download a stored file. Root and the uploader always may; beyond that a
 * feature answers for the files it uses (slides for slide media, answers for answer
 * files ...) by registering a check. Nobody else may: a file no feature vouches for
 * stays private to its owner.
 */
export type FileAccessCheck = (ctx: { db: Db; user: AuthUser; file: FileRow }) => Promise<boolean> | boolean;

const checks = new Map<string, FileAccessCheck>();

/** Registers (or replaces) a named check; call once at module load. */
export function registerFileAccessCheck(name: string, check: FileAccessCheck): void {
  checks.set(name, check);
}

export async function canReadFile(db: Db, user: AuthUser, file: FileRow): Promise<boolean> {
  if (user.role === 'Root') return true;
  if (file.ownerId !== null && file.ownerId === user.accountId) return true;
  for (const check of checks.values()) if (await check({ db, user, file })) return true;
  return false;
}
