import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { fileAddress, fileExtension, pictureAddress, type StoredFile } from '../../shared/files.js';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { assertFits, storageUsage, type Usage } from './quota.js';
import type { Storage } from './storage.js';

export type FileRow = typeof files.$inferSelect;

export interface NewFile {
  /** the name the user gave it (shown and used for Content-Disposition) */
  name: string;
  /** what it is for: picture, attachment, video, audio, pdf, pptx, hosted-video, avatar ... */
  purpose: string;
  ownerId: number | null;
  /** declared type; the served type is derived from the name's extension */
  mime?: string;
  /** false for copies the system makes (a program's copy), not uploads: the owner's quota is not checked */
  checkQuota?: boolean;
  /** bytes of the owner's files the caller removes right after (a replaced answer file): room for this one */
  freedBytes?: number;
}

const MIME: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', mov: 'video/quicktime',
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', oga: 'audio/ogg', m4a: 'audio/mp4', aac: 'audio/aac', flac: 'audio/flac',
  pdf: 'application/pdf',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text', odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip', txt: 'text/plain', csv: 'text/csv', py: 'text/x-python', json: 'application/json',
};

/** Content type by extension (a caller's declared type is not trusted). */
export function mimeOfName(name: string): string {
  return MIME[fileExtension(name)] ?? 'application/octet-stream';
}

/** Types a browser may show inline from our origin without running anything. */
export function isInlineSafe(mime: string): boolean {
  return /^(image\/(png|jpeg|gif|webp)|video\/|audio\/|application\/pdf$)/.test(mime);
}

/** a storage key that says what it is for and guesses nothing from the caller */
export function newStorageKey(purpose: string): string {
  const p = purpose.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/^-+|-+$/g, '') || 'file';
  const d = new Date();
  return `${p}/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
}

/** a sane display name: no folders, no control characters, at most 255 characters */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(-255);
}

/** The owner's quota, when this file counts against one (quota.ts). */
function usageFor(db: Db, storage: Storage, meta: NewFile): Promise<Usage | null> {
  return meta.checkQuota === false ? Promise.resolve(null) : storageUsage(db, storage, meta.ownerId);
}

/** Records stored bytes; with a quota, under the owner's lock after checking the bytes fit. */
async function insertRow(db: Db, storage: Storage, meta: NewFile, key: string, size: number, quota: boolean): Promise<FileRow> {
  const name = cleanFileName(meta.name);
  const values = { storageKey: key, name, mime: mimeOfName(name), size, purpose: meta.purpose, ownerId: meta.ownerId };
  if (!quota) return (await db.insert(files).values(values).returning())[0];
  return db.transaction(async (tx) => {
    assertFits(name, await storageUsage(tx as unknown as Db, storage, meta.ownerId, true), size, meta.freedBytes);
    return (await tx.insert(files).values(values).returning())[0];
  });
}

/**
 * Stores bytes and records them: one `files` row per stored file. A body of known size that
 * does not fit in the owner's quota is refused before anything is stored (413); a stream is
 * counted once stored and removed again when it does not fit (callers cap their streams).
 */
export async function storeFile(db: Db, storage: Storage, meta: NewFile, body: Readable | Buffer | Uint8Array): Promise<FileRow> {
  const usage = await usageFor(db, storage, meta);
  if (!(body instanceof Readable)) assertFits(cleanFileName(meta.name), usage, body.byteLength, meta.freedBytes);
  const key = newStorageKey(meta.purpose);
  const { size } = await storage.put(key, body, { contentType: mimeOfName(meta.name) });
  try {
    return await insertRow(db, storage, meta, key, size, usage !== null);
  } catch (e) {
    await storage.delete(key);
    throw e;
  }
}

/**
 * Moves a finished local file (e.g. a completed tus upload) into storage and records it;
 * refused (413, the local file left to the caller) when it does not fit in the owner's quota.
 */
export async function storeLocalFile(db: Db, storage: Storage, meta: NewFile, localPath: string): Promise<FileRow> {
  const usage = await usageFor(db, storage, meta);
  assertFits(cleanFileName(meta.name), usage, (await stat(localPath)).size, meta.freedBytes);
  const key = newStorageKey(meta.purpose);
  const { size } = await storage.putFile(key, localPath, { contentType: mimeOfName(meta.name) });
  try {
    return await insertRow(db, storage, meta, key, size, usage !== null);
  } catch (e) {
    await storage.delete(key);
    throw e;
  }
}

export async function getFileRow(db: Db, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** Drops the row and the bytes. */
export async function deleteFile(db: Db, storage: Storage, id: number): Promise<void> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning();
  if (row) await storage.delete(row.storageKey);
}

/** The API shape of a stored file. */
export function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    address: row.purpose === 'picture' ? pictureAddress(row.id) : fileAddress(row.id),
  };
}
