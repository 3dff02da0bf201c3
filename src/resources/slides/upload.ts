import { Upload } from 'tus-js-client';
import { MB, TUS_ENDPOINT, type StoredFile, type UploadKind } from '../../../shared/files';
import { toHttpError } from '../../http/errors';
import { percent, uploadWithProgress } from '../../ui/upload';

/** Files above this go through tus (resumable); smaller ones through the form upload. */
export const RESUMABLE_FROM_BYTES = 5 * MB;

/** The storage's form uploads (server/files): a file of a kind, or a picture (its answer is an address). */
const formUploadUrl = (kind: UploadKind) => `/api/Instructors/Storage/${kind === 'picture' ? 'Picture/Upload' : `Upload?kind=${kind}`}`;

/** The body of a tus error answer (the spec's error shape), when there is one. */
function errorBody(err: Error): { status: number; body: unknown } {
  const res = (err as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
  try {
    return { status: res?.getStatus() ?? 0, body: res ? JSON.parse(res.getBody()) : undefined };
  } catch {
    return { status: res?.getStatus() ?? 0, body: undefined };
  }
}

/**
 * Uploads a file with progress: small files with a form POST (Storage/Upload), large ones
 * with tus (resumes after a dropped connection; retry delays 0, 1, 3, 5 s, spec 3 §9), and
 * to another endpoint (a hosted video's) with its metadata. Resolves to the stored file;
 * rejects with an HttpError carrying the spec's error body.
 */
export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (percent: number) => void,
  extraMetadata: Record<string, string> = {},
  endpoint = TUS_ENDPOINT,
): Promise<StoredFile & Record<string, unknown>> {
  if (file.size < RESUMABLE_FROM_BYTES && endpoint === TUS_ENDPOINT && !extraMetadata.target) {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadWithProgress(formUploadUrl(kind), form, (f) => onProgress(percent(f)));
  }
  return new Promise((resolve, reject) => {
    // an absolute address of another host (an external hosting's upload link) is the upload itself
    const external = /^https?:\/\//i.test(endpoint) && !endpoint.startsWith(window.location.origin);
    const upload = new Upload(file, {
      ...(external ? { uploadUrl: endpoint } : { endpoint }),
      retryDelays: [0, 1000, 3000, 5000],
      chunkSize: 8 * MB,
      metadata: { filename: file.name, filetype: file.type, kind, ...extraMetadata },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        if (external) return;
        const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
        if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
      },
      onProgress: (sent, total) => onProgress(total ? Math.round((sent / total) * 100) : 0),
      onError: (err) => {
        const { status, body } = errorBody(err);
        reject(toHttpError(status, err.message, body));
      },
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(JSON.parse(lastResponse.getBody()));
        } catch {
          reject(toHttpError(500, 'Bad upload answer', undefined));
        }
      },
    });
    // resume a previous attempt of the same file, if the browser remembers one
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
