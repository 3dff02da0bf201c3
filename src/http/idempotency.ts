import { IDEMPOTENCY_HEADER } from '../../shared/http/idempotency';

export { IDEMPOTENCY_HEADER };

/**
 * The keys of resendable writes (calls declared `idempotent`: server/http/idempotency.ts). One
 * logical write keeps its key until it has a definite answer: a resend of the same write (the
 * same call, address and body — the student pressing Save again after a lost answer) carries the
 * same key, so the server answers it with the first result instead of doing it twice. A success
 * or a refusal (4xx other than 409) ends the write; the next one gets a new key. The offline exam
 * (issue 31) keeps its queued writes' keys from here too.
 */

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Writes waiting for a definite answer: their identity (method, address, body) → key. */
const open = new Map<string, string>();
/** Bodies that are objects (a form with a file) are one write per object. */
const objectIds = new WeakMap<object, string>();

function writeOf(method: string, url: string, body: unknown): string {
  let part: string;
  if (body == null) part = '';
  else if (typeof body === 'string') part = body;
  else {
    part = objectIds.get(body as object) ?? newIdempotencyKey();
    objectIds.set(body as object, part);
  }
  return `${method} ${url}\n${part}`;
}

/** The key of this write: the one of its unanswered earlier send, or a new one. */
export function idempotencyKeyFor(method: string, url: string, body: unknown): { key: string; settle: (status: number | null) => void } {
  const write = writeOf(method, url, body);
  const key = open.get(write) ?? newIdempotencyKey();
  open.set(write, key);
  return {
    key,
    /** the answer's status (null: none came); a definite one ends the write */
    settle: (status) => {
      const definite = status !== null && status < 500 && status !== 409;
      if (definite && open.get(write) === key) open.delete(write);
    },
  };
}

/** Sends a resendable write with its key (`identity`: its body, or the object a resend would reuse, e.g. the File). */
export async function sendWithIdempotencyKey<T>(method: string, url: string, identity: unknown, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const write = idempotencyKeyFor(method, url, identity);
  try {
    const answer = await send({ [IDEMPOTENCY_HEADER]: write.key });
    write.settle(200);
    return answer;
  } catch (e) {
    const status = (e as { status?: number }).status;
    write.settle(status ? status : null);
    throw e;
  }
}
