/**
 * Who waits for the code sandbox, and who runs next. At most `concurrency` sandboxes run at
 * once and at most one per account: a student's second run waits even when a slot is free,
 * so one student cannot hold both cores. Free slots go round-robin between accounts — the
 * account served least recently first — not in arrival order, so a student who queued six
 * runs delays another student's run by at most the one job already running. Each account
 * may have `maxWaitingPerAccount` runs waiting (beyond: SandboxBusyError 'account', a 429),
 * and all accounts together `maxQueued` (beyond: SandboxBusyError 'server', a 503).
 */
export class SandboxBusyError extends Error {
  readonly code = 'SandboxBusy';
  constructor(
    /** 'account': this account already has its runs waiting; 'server': everybody's queue is full */
    readonly scope: 'account' | 'server' = 'server',
  ) {
    super(
      scope === 'account'
        ? 'You already have code runs waiting. Wait for them to finish.'
        : 'The code runner is busy: too many runs are waiting. Try again later.',
    );
  }
}

/** whose run it is: an account id; runs without one each count as their own account */
export type QueueOwner = string | number;

interface Account {
  running: number;
  waiting: Array<() => void>;
  /** the turn number of its latest start (0: not served while it has been queued) */
  lastTurn: number;
}

export interface QueueSettings {
  concurrency: number;
  maxQueued: number;
  maxWaitingPerAccount: number;
}

export class RunQueue {
  private running = 0;
  private waitingTotal = 0;
  private turn = 0;
  private readonly accounts = new Map<string | symbol, Account>();
  private settings: QueueSettings;

  constructor(concurrency: number, maxQueued: number, maxWaitingPerAccount = Number.POSITIVE_INFINITY) {
    this.settings = RunQueue.checked({ concurrency, maxQueued, maxWaitingPerAccount });
  }

  private static checked(s: QueueSettings): QueueSettings {
    if (!(s.concurrency >= 1)) throw new Error('RunQueue: concurrency must be at least 1');
    if (!(s.maxQueued >= 0) || !(s.maxWaitingPerAccount >= 0)) throw new Error('RunQueue: queue limits must not be negative');
    return { ...s };
  }

  /** New limits for the runs to come (runs already waiting or running are kept). */
  configure(settings: Partial<QueueSettings>): void {
    this.settings = RunQueue.checked({ ...this.settings, ...settings });
    this.dispatch();
  }

  get concurrency(): number {
    return this.settings.concurrency;
  }

  /** Runs `task` in its turn; refuses at once when the owner's or the server's wait list is full. */
  async run<T>(task: () => Promise<T>, owner?: QueueOwner): Promise<T> {
    const key = owner === undefined ? Symbol('run') : String(owner);
    const account = this.accounts.get(key) ?? { running: 0, waiting: [], lastTurn: 0 };
    // after every dispatch no eligible run waits while a slot is free: this run starts now or waits
    const startsNow = account.running === 0 && account.waiting.length === 0 && this.running < this.settings.concurrency;
    if (!startsNow) {
      if (account.waiting.length >= this.settings.maxWaitingPerAccount) throw new SandboxBusyError('account');
      if (this.waitingTotal >= this.settings.maxQueued) throw new SandboxBusyError('server');
    }
    this.accounts.set(key, account);
    const started = new Promise<void>((resolve) => account.waiting.push(resolve));
    this.waitingTotal++;
    this.dispatch();
    await started;
    try {
      return await task();
    } finally {
      account.running--;
      this.running--;
      if (account.running === 0 && account.waiting.length === 0) this.accounts.delete(key);
      this.dispatch();
    }
  }

  /** Fills free slots: each time the waiting account served least recently, one run at a time. */
  private dispatch(): void {
    while (this.running < this.settings.concurrency) {
      let next: Account | undefined;
      for (const a of this.accounts.values()) {
        if (a.running === 0 && a.waiting.length > 0 && (!next || a.lastTurn < next.lastTurn)) next = a;
      }
      if (!next) return;
      next.lastTurn = ++this.turn;
      next.running++;
      this.running++;
      this.waitingTotal--;
      next.waiting.shift()!();
    }
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingTotal };
  }

  /** One account's runs: running (0 or 1) and waiting. */
  statsOf(owner: QueueOwner): { running: number; waiting: number } {
    const a = this.accounts.get(String(owner));
    return { running: a?.running ?? 0, waiting: a?.waiting.length ?? 0 };
  }
}
