/**
 * Failed sign-in attempts per login + IP: after `max` failures inside
 * `windowMs` the pair is blocked until the oldest failure leaves the window.
 * In memory, per process (ARCHITECTURE: shared limits move to Redis when
 * several processes serve one site).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly max = 5,
    readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  static key(login: string, ip: string): string {
    return `${login.trim().toLowerCase()}|${ip}`;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until the pair may try again; 0 when not blocked. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    return Math.max(0, list[list.length - this.max] + this.windowMs - this.now());
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.delete(key); // re-insert: the Map keeps the most recently failed keys last
    this.failures.set(key, list.slice(-this.max));
    if (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
