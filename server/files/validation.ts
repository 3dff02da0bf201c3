import { checkUpload, PICTURE_MAX_BYTES, pictureTypeOfName, sniffPicture, uploadKinds, UploadErrorCode, type UploadKind, type UploadProblem } from '../../shared/files.js';
import { AppError } from '../errors.js';
import './messages.js';

/** The spec's upload error as an answer: 400 with FileUpload.DataError or FileSizeLimitExceeded.Error. */
export function uploadError(problem: UploadProblem): AppError {
  return new AppError(400, problem.code, {
    title: problem.key,
    description: problem.key,
    vars: problem.vars as Record<string, string | number>,
  });
}

/** Throws the spec's error when the name's extension or the size breaks the rules. */
export function assertUpload(file: { name: string; size?: number }, rules: { extensions: readonly string[]; maxMb: number }): void {
  const problem = checkUpload(file, rules);
  if (problem) throw uploadError(problem);
}

export function assertUploadKind(file: { name: string; size?: number }, kind: UploadKind): void {
  assertUpload(file, uploadKinds[kind]);
}

/**
 * A picture must be PNG or JPEG by its bytes, under the 10 MB limit, and its name must
 * claim the same type its bytes have (a PNG renamed .jpg is refused).
 */
export function assertPicture(name: string, head: Uint8Array, size: number): 'image/png' | 'image/jpeg' {
  const problem = checkUpload({ name, size }, uploadKinds.picture);
  if (problem) {
    throw new AppError(400, problem.code, { title: 'upload.pictureFailed', description: problem.key, vars: problem.vars as Record<string, string | number> });
  }
  const sniffed = sniffPicture(head);
  if (!sniffed || sniffed !== pictureTypeOfName(name)) {
    throw new AppError(400, UploadErrorCode.dataError, { title: 'upload.pictureFailed', description: 'upload.pictureFormat' });
  }
  return sniffed;
}

export { PICTURE_MAX_BYTES };
