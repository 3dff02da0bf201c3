/**
 * A counting semaphore with a bounded wait list: at most `concurrency` sandboxes run at
 * once, at most `maxQueued` callers wait; the next caller is refused at once
 * (SandboxBusyError) rather than piling up processes on a small machine.
 */
export class SandboxBusyError extends Error {
  readonly code = 'SandboxBusy';
  constructor() {
    super('The code runner is busy: too many runs are waiting. Try again later.');
  }
}

export class RunQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {
    if (!(concurrency >= 1)) throw new Error('RunQueue: concurrency must be at least 1');
  }

  /** Runs `task` when a slot is free; refuses when the wait list is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw new SandboxBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // hand the slot straight to the next waiter (running stays the same), or free it
      if (next) next();
      else this.running--;
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
