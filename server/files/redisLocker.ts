import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Redis } from 'ioredis';

/** Deletes the lock only when it is still ours (it may have expired and been taken meanwhile). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the lock only when it is still ours. */
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * tus upload locks shared by every server process (with REDIS_URL), so that a PATCH resuming an
 * upload on another process waits for — and asks to end — a request still writing it elsewhere,
 * as tus's MemoryLocker does inside one process. A lock is a Redis key with an owner token and a
 * short expiry renewed while held: a process that dies leaves no lock behind for long. Asking the
 * holder to let go goes over a pub/sub channel (`requestRelease`); the holder's process calls the
 * tus request's release callback, which ends that request.
 */
export class RedisLocker implements Locker {
  /** the locks held by this process: id → how to ask their request to finish */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    readonly redis: Redis,
    /** tells every process that someone waits for the lock of `id` */
    readonly requestRelease: (id: string) => void,
    readonly options: { acquireTimeoutMs?: number; ttlMs?: number; prefix?: string } = {},
  ) {}

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  /** A process waits for the lock of `id`: the request holding it here is asked to finish. */
  releaseRequested(id: string): void {
    void this.held.get(id)?.();
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(12).toString('base64url');
  private renew?: NodeJS.Timeout;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  private get key(): string {
    return `${this.locker.options.prefix ?? 'elp:tus-lock:'}${this.id}`;
  }

  private get ttl(): number {
    return this.locker.options.ttlMs ?? 30_000;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + (this.locker.options.acquireTimeoutMs ?? 30_000);
    let asked = false;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if ((await this.locker.redis.set(this.key, this.token, 'PX', this.ttl, 'NX')) === 'OK') break;
      if (!asked) {
        this.locker.requestRelease(this.id);
        asked = true;
      }
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((r) => setTimeout(r, 25));
    }
    this.locker.held.set(this.id, requestRelease);
    // held for as long as the request writes: renewed well before it expires
    this.renew = setInterval(() => {
      this.locker.redis.eval(EXTEND, 1, this.key, this.token, String(this.ttl)).catch(() => undefined);
    }, Math.max(100, Math.floor(this.ttl / 3)));
    this.renew.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renew);
    if (this.locker.held.get(this.id)) this.locker.held.delete(this.id);
    await this.locker.redis.eval(RELEASE, 1, this.key, this.token);
  }
}
