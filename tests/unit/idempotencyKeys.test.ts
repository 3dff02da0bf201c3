import { describe, expect, it } from 'vitest';
import { defineCall } from '../../shared/http/call';
import { callWith } from '../../src/http/client';
import { createHttpClient } from '../../src/http/fetchJson';
import { idempotencyKeyFor, newIdempotencyKey } from '../../src/http/idempotency';

/** Issue 29 item 2, the client: one key per logical write, the same on the resend of that write. */
const save = defineCall({ method: 'POST', path: '/api/x/{id}/save', rule: 'student', idempotent: true, tags: ['x'] });
const plain = defineCall({ method: 'POST', path: '/api/x/{id}/other', rule: 'student', tags: ['x'] });

/** A server that answers with the given statuses in turn (0: the connection drops), recording each request's key. */
function server(statuses: number[]) {
  const keys: (string | null)[] = [];
  const fetchImpl = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get('idempotency-key'));
    const status = statuses.shift() ?? 200;
    if (status === 0) throw new TypeError('Failed to fetch');
    return new Response(status === 200 ? '{"saved":true}' : '{"ErrorCode":"x","Title":"x"}', { status });
  }) as typeof fetch;
  return { keys, call: callWith(createHttpClient(fetchImpl)) };
}

describe('idempotency keys of resendable writes', () => {
  it('resends a write whose answer was lost with the same key; the next write gets a new one', async () => {
    const s = server([0, 503, 200, 200]);
    const args = { params: { id: 1 }, body: { value: 'a' } } as never;
    await expect(s.call(save, args)).rejects.toThrow();
    await expect(s.call(save, args)).rejects.toThrow();
    await s.call(save, args);
    await s.call(save, args);
    expect(s.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.keys[1]).toBe(s.keys[0]);
    expect(s.keys[2]).toBe(s.keys[0]);
    // answered: the same body sent again is a new write
    expect(s.keys[3]).not.toBe(s.keys[0]);
  });

  it('gives another body or address its own key, ends a write on a refusal, and sends none on other calls', async () => {
    const s = server([0, 200, 400, 200, 200]);
    await expect(s.call(save, { params: { id: 1 }, body: { value: 'a' } } as never)).rejects.toThrow();
    await s.call(save, { params: { id: 1 }, body: { value: 'b' } } as never);
    expect(s.keys[1]).not.toBe(s.keys[0]);
    await expect(s.call(save, { params: { id: 2 }, body: { value: 'a' } } as never)).rejects.toThrow();
    await s.call(save, { params: { id: 2 }, body: { value: 'a' } } as never);
    expect(s.keys[3]).not.toBe(s.keys[2]);
    await s.call(plain, { params: { id: 1 } } as never);
    expect(s.keys[4]).toBeNull();
  });

  it('keys a form by its object, and makes UUIDs without crypto.randomUUID', () => {
    const form = new FormData();
    const a = idempotencyKeyFor('POST', '/u', form);
    a.settle(null);
    expect(idempotencyKeyFor('POST', '/u', form).key).toBe(a.key);
    expect(idempotencyKeyFor('POST', '/u', new FormData()).key).not.toBe(a.key);
    const original = crypto.randomUUID;
    try {
      (crypto as { randomUUID?: unknown }).randomUUID = undefined;
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      crypto.randomUUID = original;
    }
  });
});
