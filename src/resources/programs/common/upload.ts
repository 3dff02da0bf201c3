import type { ApiError } from '../api';

/**
 * A multipart POST with upload progress (XMLHttpRequest: fetch reports no upload progress).
 * Resolves with the JSON answer; rejects like the API client ({ status, body }).
 */
export function uploadWithProgress(url: string, form: FormData, onProgress: (percent: number) => void, method = 'POST'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject({ status: xhr.status, body: body as ApiError['body'], message: (body as { Title?: string } | undefined)?.Title ?? xhr.statusText } satisfies ApiError);
    };
    xhr.onerror = () => reject({ status: 0, message: 'Network error' } satisfies ApiError);
    xhr.send(form);
  });
}
