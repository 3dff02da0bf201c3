import type { CallArgs, CallSpec } from '../../shared/http/call';
import { callUrl } from './client';
import { toHttpError } from './errors';

/**
 * Makes a call that answers a file (an export by POST, which a link cannot do) and saves it under
 * the name the server gives (Content-Disposition), else `fallbackName`. Failures reject with the
 * spec's error, like every call.
 */
export async function callDownload<C extends CallSpec>(call: C, args: Pick<CallArgs<C>, 'params' | 'query'>, fallbackName: string): Promise<void> {
  const res = await fetch(callUrl(call, args), { method: call.method, credentials: 'include' });
  if (!res.ok) throw toHttpError(res.status, res.statusText, await res.json().catch(() => undefined));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  URL.revokeObjectURL(href);
}
