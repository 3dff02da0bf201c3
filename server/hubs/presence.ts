import type { Redis } from 'ioredis';

/** How long a process's word that an account is connected holds without being renewed. */
export const PRESENCE_TTL_MS = 45_000;

/**
 * Which accounts have a page connected to a hub, on this process and (with Redis) on any other —
 * so that a sender can tell who is offline (the chat writes those a notification). Each process
 * keeps a count per (hub, account); with Redis it also keeps, per (hub, account), a sorted set of
 * the processes that have one, scored with an expiry it renews while connected: a process that
 * dies without saying goodbye stops counting after PRESENCE_TTL_MS.
 */
export class HubPresence {
  private readonly local = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly redis: Redis | null,
    /** this process */
    private readonly origin: string,
    private readonly warn: (err: unknown) => void,
  ) {}

  private static key(path: string, accountId: number): string {
    return `${path.toLowerCase()}:${accountId}`;
  }

  private redisKey(key: string): string {
    return `elp:hubs:online:${key}`;
  }

  joined(path: string, accountId: number): void {
    const key = HubPresence.key(path, accountId);
    const count = (this.local.get(key) ?? 0) + 1;
    this.local.set(key, count);
    if (count === 1) this.announce([key]);
  }

  left(path: string, accountId: number): void {
    const key = HubPresence.key(path, accountId);
    const count = (this.local.get(key) ?? 0) - 1;
    if (count > 0) return void this.local.set(key, count);
    this.local.delete(key);
    if (!this.stopped) this.redis?.zrem(this.redisKey(key), this.origin).catch(this.warn);
  }

  /** The process is closing: its entries go now (while Redis is still there), not after their expiry. */
  async stop(): Promise<void> {
    this.stopped = true;
    const keys = [...this.local.keys()];
    this.local.clear();
    if (!this.redis || keys.length === 0 || this.redis.status !== 'ready') return;
    const batch = this.redis.pipeline();
    for (const key of keys) batch.zrem(this.redisKey(key), this.origin);
    await batch.exec().catch(this.warn);
  }

  /** Renews this process's presence entries (called with the hub pings). */
  renew(): void {
    this.announce([...this.local.keys()]);
  }

  private announce(keys: string[]): void {
    if (!this.redis || keys.length === 0 || this.stopped) return;
    const until = Date.now() + PRESENCE_TTL_MS;
    const batch = this.redis.pipeline();
    for (const key of keys) batch.zadd(this.redisKey(key), until, this.origin).pexpire(this.redisKey(key), PRESENCE_TTL_MS);
    batch.exec().catch(this.warn);
  }

  /** The accounts among `accountIds` with a connection to the hub at `path` on any process. */
  async connected(path: string, accountIds: readonly number[]): Promise<Set<number>> {
    const online = new Set(accountIds.filter((id) => this.local.has(HubPresence.key(path, id))));
    const elsewhere = accountIds.filter((id) => !online.has(id));
    if (!this.redis || elsewhere.length === 0) return online;
    const now = Date.now();
    const batch = this.redis.pipeline();
    for (const id of elsewhere) batch.zcount(this.redisKey(HubPresence.key(path, id)), now, '+inf');
    try {
      const counts = (await batch.exec()) ?? [];
      elsewhere.forEach((id, i) => {
        if (Number(counts[i]?.[1] ?? 0) > 0) online.add(id);
      });
    } catch (err) {
      // Redis unreachable: counted as offline (a notification too many rather than none)
      this.warn(err);
    }
    return online;
  }
}
