import { toHttpError } from '../../../dataProvider/transforms';
import type { SaveAck } from './saveCall';

/**
 * Sends a file answer as multipart/form-data (fields `sessionId`, `file`) to the file save
 * path. XMLHttpRequest rather than fetch: it reports upload progress. Fails with the same
 * HttpError shape as the app's other calls, so the save errors map alike.
 */
export function uploadAnswer(url: string, sessionId: number, file: File, onProgress: (percent: number) => void): Promise<SaveAck> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as SaveAck);
      else reject(toHttpError(xhr.status, xhr.statusText, json));
    };
    xhr.onerror = () => reject(toHttpError(0, 'Network error', undefined));
    const form = new FormData();
    form.append('sessionId', String(sessionId));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
