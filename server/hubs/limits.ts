/**
 * Per-connection ceilings on hub invocations: a token bucket for the rate (a burst for the
 * backlog a client sends on reconnecting, then `perSecond`), and a total per connection.
 * Past either, the server closes the connection with `allowReconnect`: our client keeps what
 * it has not sent and reconnects after 10 s (src/learner/realtime/hubConnection.ts), so an
 * honest backlog is delayed, never lost, and a flood costs the sender a reconnect each time.
 */
export interface HubLimits {
  /** sustained invocations per second */
  perSecond: number;
  /** invocations allowed at once (the bucket's size) */
  burst: number;
  /** invocations over the connection's life */
  perConnection: number;
}

/** Watch segments go out every ≥ 9 s of playback and visits per page: far below these. */
export const DEFAULT_HUB_LIMITS: HubLimits = { perSecond: 5, burst: 60, perConnection: 2_000 };

export type LimitVerdict = 'ok' | 'rate' | 'count';

export class CallLimiter {
  private tokens: number;
  private refilledAt: number;
  private calls = 0;

  constructor(
    private readonly limits: HubLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.refilledAt = now();
  }

  /** Counts one invocation; says which ceiling it passes, if any. */
  take(): LimitVerdict {
    if (++this.calls > this.limits.perConnection) return 'count';
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.refilledAt) / 1000) * this.limits.perSecond);
    this.refilledAt = t;
    if (this.tokens < 1) return 'rate';
    this.tokens -= 1;
    return 'ok';
  }
}
