/**
 * The header of a resendable write (server/http/idempotency.ts, src/http/idempotency.ts): a
 * random key per logical write, the same on every resend of that write.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
