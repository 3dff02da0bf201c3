import type { CallArgs, CallSpec } from '../../shared/http/call';
import { callUrl } from './client';
import { toHttpError } from './errors';

/** The file name of a Content-Disposition: the UTF-8 `filename*` when given, else `filename`. */
export function dispositionName(header: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name falls back to the plain one
    }
  }
  return /filename="([^"]+)"/.exec(header ?? '')?.[1];
}

/**
 * Makes a call that answers a file (an export by POST, which a link cannot do) and saves it under
 * the name the server gives (Content-Disposition), else `fallbackName`. Failures reject with the
 * spec's error, like every call. Resolves with the answer's headers (some carry counts).
 */
export async function callDownload<C extends CallSpec>(call: C, args: Pick<CallArgs<C>, 'params' | 'query'>, fallbackName: string): Promise<Headers> {
  const res = await fetch(callUrl(call, args), { method: call.method, credentials: 'include' });
  if (!res.ok) throw toHttpError(res.status, res.statusText, await res.json().catch(() => undefined));
  const name = dispositionName(res.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  URL.revokeObjectURL(href);
  return res.headers;
}
