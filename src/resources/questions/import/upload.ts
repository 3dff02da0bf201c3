/**
 * A multipart upload with progress (fetch has no upload progress): resolves with the
 * parsed JSON answer, rejects with { status, body } like the app's HttpError.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject({ status: xhr.status, body, message: (body as { Title?: string } | null)?.Title ?? xhr.statusText });
    };
    xhr.onerror = () => reject({ status: 0, body: null, message: '' });
    xhr.send(form);
  });
}
