import { toHttpError } from '../http/errors';

/**
 * A multipart upload with progress: XMLHttpRequest, because fetch reports no upload progress.
 * Resolves with the parsed JSON answer; rejects with the app's HttpError ({ status, body,
 * message }), so callers read server errors the same way as from the other calls.
 */
export function uploadWithProgress<T = unknown>(url: string, form: FormData, onProgress?: (fraction: number) => void, method = 'POST', headers: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else reject(toHttpError(xhr.status, xhr.statusText, json));
    };
    xhr.onerror = () => reject(toHttpError(0, 'Network error', undefined));
    xhr.send(form);
  });
}

/** Progress as a whole percent, for progress bars that take 0–100. */
export const percent = (fraction: number) => Math.round(fraction * 100);
