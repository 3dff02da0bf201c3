import { Upload } from 'tus-js-client';
import { createHttpClient } from '../../http/fetchJson';
import { toHttpError } from '../../http/errors';
import { slideKinds, type SlideRouteType } from '../../../shared/enums';
import { MB, TUS_ENDPOINT, type StoredFile, type UploadKind } from '../../../shared/files';
import { slidesPath, type HostedVideoUploadAnswer, type SlideInput, type SlideRecord } from '../../../shared/slides';

/** The slide calls of spec 3 §7.6 (typed; the screens use them through react-query). */
const http = createHttpClient();
const json = <T>(p: Promise<{ json: unknown }>) => p.then((r) => r.json as T);

export interface ListAnswer<T> {
  result: T[];
  metadata: { filteredRecords: number };
}

export const slidesApi = {
  list: (exerciseId: string | number) => json<ListAnswer<SlideRecord>>(http(slidesPath(exerciseId))).then((a) => a.result),
  get: (exerciseId: string | number, slideId: string | number, type: SlideRouteType) =>
    json<SlideRecord>(http(`${slidesPath(exerciseId)}/${slideId}/${slideKinds[type].apiKind}`)),
  create: (exerciseId: string | number, type: SlideRouteType, input: SlideInput) =>
    json<SlideRecord>(http(`${slidesPath(exerciseId)}/${slideKinds[type].apiKind}`, { method: 'POST', body: JSON.stringify(input) })),
  edit: (exerciseId: string | number, slideId: string | number, type: SlideRouteType, input: SlideInput) =>
    json<SlideRecord>(http(`${slidesPath(exerciseId)}/${slideId}/Edit/${slideKinds[type].apiKind}`, { method: 'PUT', body: JSON.stringify(input) })),
  drop: (exerciseId: string | number, slideId: number) => http(`${slidesPath(exerciseId)}/${slideId}/Drop`, { method: 'DELETE' }),
  sort: (exerciseId: string | number, orders: number[]) =>
    json<ListAnswer<SlideRecord>>(http(`${slidesPath(exerciseId)}/Sort`, { method: 'POST', body: JSON.stringify({ orders }) })).then((a) => a.result),
  preview: (exerciseId: string | number, slideId: number) =>
    json<SlidePreview>(http(`${slidesPath(exerciseId)}/${slideId}/PreviewPage`, { method: 'POST', body: JSON.stringify({}) })),
  questions: (type: string, programId?: string | number) =>
    json<{ id: number; label: string; programId: number | null }[]>(
      http(`/api/instructors/questions/types/${encodeURIComponent(type)}${programId ? `?courseId=${encodeURIComponent(String(programId))}` : ''}`),
    ),
  startHostedUpload: (exerciseId: string | number, body: { title: string; filename: string; size: number }) =>
    json<HostedVideoUploadAnswer>(http(`/api/instructors/Storage/Kinescope/Upload/${exerciseId}`, { method: 'POST', body: JSON.stringify(body) })),
};

export interface SlidePreview {
  sessionId: string | null;
  slide: { id: number; type: SlideRouteType; label: string; duration: number | null; required: boolean };
  content: Record<string, unknown>;
}

/** Files above this go through tus (resumable); smaller ones through the form upload. */
export const RESUMABLE_FROM_BYTES = 5 * MB;

/**
 * Uploads a file with progress: small files with a form POST (Storage/Upload), large ones
 * with tus (resumes after a dropped connection; retry delays 0, 1, 3, 5 s, spec 3 §9).
 * Resolves to the stored file; rejects with an HttpError carrying the spec's error body.
 */
export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (percent: number) => void,
  extraMetadata: Record<string, string> = {},
  endpoint = TUS_ENDPOINT,
): { promise: Promise<StoredFile & Record<string, unknown>>; abort: () => void } {
  if (file.size < RESUMABLE_FROM_BYTES && endpoint === TUS_ENDPOINT && !extraMetadata.target) {
    const xhr = new XMLHttpRequest();
    const promise = new Promise<StoredFile>((resolve, reject) => {
      xhr.open('POST', `/api/Instructors/Storage/${kind === 'picture' ? 'Picture/Upload' : `Upload?kind=${kind}`}`);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(body as StoredFile);
        else reject(toHttpError(xhr.status, xhr.statusText, body));
      };
      xhr.onerror = () => reject(toHttpError(0, 'Network error', undefined));
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });
    return { promise: promise as Promise<StoredFile & Record<string, unknown>>, abort: () => xhr.abort() };
  }
  let upload: Upload | undefined;
  const promise = new Promise<StoredFile & Record<string, unknown>>((resolve, reject) => {
    // an absolute address of another host (an external hosting's upload link) is the upload itself
    const external = /^https?:\/\//i.test(endpoint) && !endpoint.startsWith(window.location.origin);
    upload = new Upload(file, {
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
        const res = (err as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
        let body: unknown;
        try {
          body = res ? JSON.parse(res.getBody()) : undefined;
        } catch {
          body = undefined;
        }
        reject(toHttpError(res?.getStatus() ?? 0, err.message, body));
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
        if (previous.length) upload!.resumeFromPreviousUpload(previous[0]);
        upload!.start();
      })
      .catch(() => upload!.start());
  });
  return { promise, abort: () => void upload?.abort() };
}
