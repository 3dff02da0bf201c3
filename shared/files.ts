import type { z } from 'zod';
import { fileCalls, type storedFile } from './calls/files';
import { fillPath } from './http/call';

/**
 * File upload rules of spec 2 §6 / §9 and spec 3 §8.6, shared by the browser (checks
 * before a call) and the server (the same checks, enforced). Plain data and pure
 * functions only: imported by the browser and by Node.
 */

export const MB = 1024 * 1024;
/** avatar and picture limit (spec 2 §9: avatar 10 MB) */
export const AVATAR_MAX_BYTES = 10 * MB;
export const PICTURE_MAX_BYTES = AVATAR_MAX_BYTES;
/** default limit of a multi-file upload (spec 2 §9: 2048 MB) */
export const MULTI_UPLOAD_DEFAULT_MB = 2048;
/** default limit of a plain form upload (POST /api/Instructors/Storage/Upload) */
export const FORM_UPLOAD_DEFAULT_MB = 100;

export const PICTURE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** Error codes of spec 3 §8.6 (the client shows the server's message for both). */
export const UploadErrorCode = {
  dataError: 'FileUpload.DataError',
  sizeLimitExceeded: 'FileSizeLimitExceeded.Error',
} as const;

/** What a stored file is for; each has its allow-list and size limit. */
export const uploadKinds = {
  /** rich-text and program pictures: PNG/JPEG, checked by magic bytes */
  picture: { extensions: [...PICTURE_EXTENSIONS], maxMb: PICTURE_MAX_BYTES / MB },
  video: { extensions: ['mp4', 'webm', 'ogv', 'mov', 'm4v'], maxMb: MULTI_UPLOAD_DEFAULT_MB },
  audio: { extensions: ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'webm'], maxMb: 500 },
  pdf: { extensions: ['pdf'], maxMb: 500 },
  /** the doc-ppt slide (API PPTX, content type doc '12') */
  pptx: { extensions: ['ppt', 'pptx', 'doc', 'docx', 'odp', 'odt'], maxMb: 500 },
  /** anything else an instructor attaches (exercise files, code-question files ...) */
  attachment: { extensions: [] as string[], maxMb: MULTI_UPLOAD_DEFAULT_MB },
} as const satisfies Record<string, { extensions: readonly string[]; maxMb: number }>;
export type UploadKind = keyof typeof uploadKinds;
export const isUploadKind = (v: unknown): v is UploadKind => typeof v === 'string' && Object.hasOwn(uploadKinds, v);

/** lower-case extension without the dot ('' when none) */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}

export type UploadProblem =
  | { code: typeof UploadErrorCode.dataError; key: 'upload.allowedTypes'; vars: { allowedExtensions: string } }
  | { code: typeof UploadErrorCode.sizeLimitExceeded; key: 'upload.tooLarge'; vars: { name: string; maxFileSize: number } };

/** The spec's checks in order: extension in the allow-list (empty list = any), then size below the limit. */
export function checkUpload(
  file: { name: string; size?: number },
  rules: { extensions: readonly string[]; maxMb: number },
): UploadProblem | null {
  if (rules.extensions.length > 0 && !rules.extensions.includes(fileExtension(file.name))) {
    return { code: UploadErrorCode.dataError, key: 'upload.allowedTypes', vars: { allowedExtensions: rules.extensions.join(', ') } };
  }
  // single upload rejects files at or above the limit (spec 2 §6)
  if (file.size !== undefined && file.size >= rules.maxMb * MB) {
    return { code: UploadErrorCode.sizeLimitExceeded, key: 'upload.tooLarge', vars: { name: file.name, maxFileSize: rules.maxMb } };
  }
  return null;
}

/** PNG or JPEG by their first bytes (not by the declared type or name). */
export function sniffPicture(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

/** the picture type its extension claims */
export function pictureTypeOfName(name: string): 'image/png' | 'image/jpeg' | null {
  const ext = fileExtension(name);
  return ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : null;
}

/** A stored file as the API answers it (calls/files.ts). */
export type StoredFile = z.infer<typeof storedFile>;

/** download address of a stored file; pictures have a public one */
export const fileAddress = (id: number) => fillPath(fileCalls.download.path, { id });
export const pictureAddress = (id: number) => fillPath(fileCalls.picture.path, { id });
/** tus endpoint for resumable uploads (POST creates, PATCH appends, HEAD answers the offset) */
export const TUS_ENDPOINT = '/api/uploads/tus';
