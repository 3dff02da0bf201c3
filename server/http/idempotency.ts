import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../shared/http/idempotency.js';
import type { Database, Db } from '../db/client.js';
import { GroupCommit } from '../db/groupCommit.js';
import { rowsOf } from '../db/rows.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import './messages.js';

/**
 * Writes a client may resend after a lost answer (declared `idempotent` in shared/calls): sent
 * with an `Idempotency-Key` header, the first request's answer (status and body) is kept for
 * 24 h under (account, key, method and path) in the idempotency_keys table, which every process
 * shares; a repeat gets that answer again without the handler running (header
 * `Idempotent-Replayed: true`). A repeat while the first still runs waits for it a little, then
 * answers 409 (the first's claim is renewed while it runs; one left unrenewed for 15 s is taken
 * over by the repeat); the same key with another body answers 422. Only successes are kept: a refused
 * request (4xx, 5xx) forgets its key, so a resend runs again. A request without the header costs
 * nothing here. A keyed request's claim (an insert before the handler) and its answer (an update
 * after it) are group-committed with the other keyed requests' (server/db/groupCommit.ts): one
 * statement each per request made the PostgreSQL exam storm's saves wait for the connection pool
 * (p95 1.1 s against 23 ms unkeyed, tests/bench/exam-storm.mjs), as the saves themselves are
 * group-committed.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * A claim is a lease: while its request runs, the claiming process renews it (created_at) every
 * RENEW_MS; a claim not renewed for STALE_MS died with its process (SIGKILL, a crash, a store the
 * database refused) and a resend runs instead. Was a fixed 2 minutes: after a process was killed,
 * the resends of its requests in flight were refused with 409 for 2 minutes (tests/bench/faults.mjs).
 */
export const RENEW_MS = 5_000;
export const STALE_MS = 15_000;
/** a handler that never answers stops renewing its claim after this long */
const RENEW_FOR_MS = 10 * 60_000;
/** how long a repeat waits for the first request before answering 409 */
const WAIT_MS = 5_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

interface Claimed {
  accountId: number;
  key: string;
  request: string;
  /** renews the claim while the handler runs */
  renewal?: NodeJS.Timeout;
  /** not claimed yet: the handler writes it with its own statement (keyToWrite) */
  toWrite?: boolean;
}

/** A key the handler writes itself, with its first answer (keyToWrite). */
export interface KeyToWrite {
  accountId: number;
  key: string;
  request: string;
  fingerprint: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the key this request claimed (it runs the handler; its answer is stored), or one its handler writes */
    idempotency?: Claimed & Partial<KeyToWrite>;
  }
  interface FastifyContextConfig {
    /** the handler writes the idempotency key in its own statement (keyToWrite) */
    keyInWrite?: boolean;
  }
}

/** The body's fingerprint: parsed JSON (whatever its key order on the wire), or the length of a streamed (multipart) body. */
function fingerprintOf(request: FastifyRequest): string {
  const [, query = ''] = request.url.split('?');
  const body = request.body !== undefined ? JSON.stringify(request.body) : `length:${request.headers['content-length'] ?? ''}`;
  return createHash('sha256').update(`${query}\n${body}`).digest('base64url');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ClaimRow {
  account_id: number;
  key: string;
  request: string;
  fingerprint: string;
  created_at: string;
  expires_at: string;
}
/** a claimed key's end: its answer kept (a success), or the key forgotten (status null: a refusal) */
interface StoreRow {
  account_id: number;
  key: string;
  request: string;
  status: number | null;
  body: string | null;
  content_type: string | null;
}
const rowKey = (r: { account_id: number; key: string; request: string }) => `${r.account_id}\n${r.key}\n${r.request}`;
/** statements in flight per batcher: PGlite runs one at a time, so a second would only wait there */
const MAX_IN_FLIGHT = { postgres: 2, pglite: 1 } as const;

/** Inserts the claims; answers for each whether it was new (this request runs the handler). */
async function writeClaims(db: Db, batch: ClaimRow[]): Promise<boolean[]> {
  const result = await db.execute(sql`insert into "idempotency_keys" ("account_id", "key", "request", "fingerprint", "created_at", "expires_at")
    select i.account_id, i.key, i.request, i.fingerprint, i.created_at, i.expires_at
      from json_to_recordset(${JSON.stringify(batch)}::json) as i(account_id int, key text, request text, fingerprint text, created_at timestamptz, expires_at timestamptz)
    on conflict do nothing
    returning "account_id", "key", "request"`);
  const mine = new Set(rowsOf<ClaimRow>(result).map((r) => rowKey({ ...r, account_id: Number(r.account_id) })));
  return batch.map((r) => mine.has(rowKey(r)));
}

async function writeStores(db: Db, batch: StoreRow[]): Promise<void[]> {
  await db.execute(sql`with input as (
      select * from json_to_recordset(${JSON.stringify(batch)}::json) as i(account_id int, key text, request text, status int, body text, content_type text)),
    forgotten as (
      delete from "idempotency_keys" k using input i
       where i.status is null and k."account_id" = i.account_id and k."key" = i.key and k."request" = i.request)
    update "idempotency_keys" k set "status" = i.status, "body" = i.body, "content_type" = i.content_type from input i
     where i.status is not null and k."account_id" = i.account_id and k."key" = i.key and k."request" = i.request`);
  return batch.map(() => undefined);
}

interface Batchers {
  claims: GroupCommit<ClaimRow, boolean>;
  stores: GroupCommit<StoreRow, void>;
}
const batchers = new WeakMap<Db, Batchers>();

function batchersOf(db: Db, kind: Database['kind']): Batchers {
  let found = batchers.get(db);
  if (!found) {
    const maxInFlight = MAX_IN_FLIGHT[kind];
    found = {
      claims: new GroupCommit<ClaimRow, boolean>({ write: (batch) => writeClaims(db, batch), keyOf: rowKey, maxInFlight }),
      stores: new GroupCommit<StoreRow, void>({ write: (batch) => writeStores(db, batch), keyOf: rowKey, maxInFlight }),
    };
    batchers.set(db, found);
  }
  return found;
}

/** Sends the stored first answer. */
function replay(reply: FastifyReply, row: typeof idempotencyKeys.$inferSelect): FastifyReply {
  reply.code(row.status!).header('idempotent-replayed', 'true');
  if (row.contentType) reply.header('content-type', row.contentType);
  return reply.send(row.body ?? '');
}

/** Renews the claim until its answer is stored (store() clears the timer), RENEW_FOR_MS at most. */
function holdClaim(db: Db, row: Claimed, where: ReturnType<typeof and>): Claimed {
  const until = Date.now() + RENEW_FOR_MS;
  const renewal = setInterval(() => {
    if (Date.now() > until) return clearInterval(renewal);
    db.update(idempotencyKeys)
      .set({ createdAt: new Date() })
      .where(and(where, isNull(idempotencyKeys.status)))
      .catch(() => undefined); // the database away: the claim goes stale and a resend runs instead
  }, RENEW_MS);
  renewal.unref();
  return { ...row, renewal };
}

/** The key a request carries (validated), with what it is kept under; undefined without the header. */
function keyOf(request: FastifyRequest): KeyToWrite | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!KEY_PATTERN.test(key)) throw new AppError(400, 'BadIdempotencyKey', { title: 'http.idempotency.badKey' });
  return {
    accountId: request.user?.accountId ?? 0,
    key,
    request: `${request.method} ${request.url.split('?')[0].toLowerCase()}`,
    fingerprint: fingerprintOf(request),
  };
}

/**
 * Claims the key before the handler runs: true when this request runs it; false when a repeat
 * was answered here (the first's answer replayed) — then the handler must not run.
 */
async function claimKey(request: FastifyRequest, reply: FastifyReply, k: KeyToWrite): Promise<boolean> {
  const db = request.server.db;
  const { accountId, key, request: target, fingerprint } = k;
  const row = { accountId, key, request: target };
  const where = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.request, target));
  const { claims } = batchersOf(db, request.server.database.kind);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const now = new Date();
    const mine = await claims.submit({
      account_id: accountId,
      key,
      request: target,
      fingerprint,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    });
    if (mine) {
      request.idempotency = holdClaim(db, row, where);
      return true;
    }
    const [first] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!first) continue; // forgotten meanwhile (the first was refused, or swept): claim it now
    if (first.fingerprint !== fingerprint) throw new AppError(422, 'IdempotencyKeyReused', { title: 'http.idempotency.otherBody' });
    if (first.status !== null) {
      replay(reply, first);
      return false;
    }
    // the first request died with its process: this one runs instead
    if (now.getTime() - first.createdAt.getTime() > STALE_MS) {
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(and(where, isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_MS))))
        .returning({ key: idempotencyKeys.key });
      if (taken) {
        request.idempotency = holdClaim(db, row, where);
        return true;
      }
    }
    if (Date.now() >= deadline) {
      reply.header('retry-after', '1');
      throw new AppError(409, 'RequestInProgress', { title: 'http.idempotency.inProgress' });
    }
    await sleep(100);
  }
}

const claim: preHandlerAsyncHookHandler = async function (request, reply) {
  const k = keyOf(request);
  if (!k) return;
  // the handler writes the key with its own statement (keyToWrite below): nothing to do before it
  if (request.routeOptions.config.keyInWrite) {
    request.idempotency = { ...k, toWrite: true };
    return;
  }
  if (!(await claimKey(request, reply, k))) return reply;
};

/**
 * Routes declared with `config: { keyInWrite: true }` take their key in the statement that does
 * their write, instead of a claim before and an update after (two more commits per request: the
 * exam storm's answer saves, group-committed, waited three times as long with keys —
 * tests/bench/exam-storm.mjs). The handler asks for the key (undefined: no key, or already
 * handled), writes it with its first answer only if no row of it exists and only together with
 * its own change, then calls `keyWritten`. When the key was there already, or the handler writes
 * without it, `claimBeforeWrite` takes the ordinary path at that point.
 */
export function keyToWrite(request: FastifyRequest): KeyToWrite | undefined {
  const k = request.idempotency;
  return k?.toWrite && k.fingerprint !== undefined ? { accountId: k.accountId, key: k.key, request: k.request, fingerprint: k.fingerprint } : undefined;
}

/** The handler's statement stored the key with its answer: nothing is left to store. */
export function keyWritten(request: FastifyRequest): void {
  request.idempotency = undefined;
}

/** The ordinary claim, taken inside the handler: false when the first's answer was replayed (return the reply). */
export async function claimBeforeWrite(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const k = keyToWrite(request);
  if (!k) return true;
  request.idempotency = undefined;
  return claimKey(request, reply, k);
}

/** Keeps the claimed key's answer (a success), or forgets the key (a refusal: a resend runs again). */
async function store(request: FastifyRequest, reply: FastifyReply, claimed: Claimed, payload: unknown): Promise<void> {
  clearInterval(claimed.renewal);
  const { stores } = batchersOf(request.server.db, request.server.database.kind);
  const ok = reply.statusCode >= 200 && reply.statusCode < 300;
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
  const type = reply.getHeader('content-type');
  const kept = ok && body !== null;
  const row: StoreRow = {
    account_id: claimed.accountId,
    key: claimed.key,
    request: claimed.request,
    status: kept ? reply.statusCode : null,
    body: kept ? body : null,
    content_type: kept && type !== undefined ? String(type) : null,
  };
  const write = () => stores.submit(row);
  try {
    await write();
  } catch (err) {
    // the database went away mid-request (a restart): the claim would wait out its 15 s while the
    // client resends; written once it is back, the resend is replayed (or runs) at once instead
    writeLater(write, Date.now() + STALE_MS);
    throw err;
  }
}

/** Tries a claim's final write again every second until it succeeds or the claim has gone stale anyway. */
function writeLater(write: () => Promise<unknown>, until: number): void {
  setTimeout(() => {
    write().catch(() => {
      if (Date.now() < until) writeLater(write, until);
    });
  }, 1_000).unref();
}

/** The step before the handler of an idempotent call's route (server/http/route.ts). */
export const claimIdempotencyKey = claim;

/**
 * Stores the answers of claimed keys, before the answer leaves (the client never sees an answer
 * a resend would not get again). Registered ahead of compression, so it sees the JSON itself.
 * Other requests pass straight through (no promise).
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = request.idempotency;
    if (!claimed || claimed.toWrite) return done(null, payload); // a key to write never written: the handler refused

    request.idempotency = undefined;
    store(request, reply, claimed, payload).then(() => done(null, payload), done);
  });
  const timer = setInterval(() => {
    sweepIdempotencyKeys(app.db).catch((err: unknown) => app.log.warn({ err }, 'idempotency key sweep failed'));
  }, 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Deletes keys older than a day. */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
