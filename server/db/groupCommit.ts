/**
 * Group commit: writes that arrive while earlier ones are being written go together in the next
 * statement, so a storm of small writes pays one round trip, plan and commit (a WAL flush) per
 * statement instead of per write. At low load a write goes alone at once (the next turn of the
 * event loop), so nothing waits for a batch to fill. Each write is answered only after the
 * statement holding it commits, so an acknowledged write is as durable as a statement of its own.
 *
 * Two writes with the same `keyOf` never share a statement nor run in two at once (an upsert
 * cannot touch a row twice in one statement, and their order is kept). When a statement fails, its
 * writes are retried one by one, so one bad row does not fail the others.
 */
export interface GroupCommitOptions<T, R> {
  /** writes one batch; answers each item's result in the batch's order */
  write(batch: T[]): Promise<R[]>;
  /** the row a write touches: writes sharing it are serialised */
  keyOf?(item: T): string | number;
  /** statements in flight at once (PGlite runs one at a time: more would only queue there) */
  maxInFlight: number;
  maxRows?: number;
}

interface Pending<T, R> {
  item: T;
  done: (result: R) => void;
  fail: (err: unknown) => void;
}

export class GroupCommit<T, R> {
  private pending: Pending<T, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** keys in a statement being written */
  private busy = new Set<string | number>();
  private readonly maxRows: number;

  constructor(private readonly options: GroupCommitOptions<T, R>) {
    this.maxRows = options.maxRows ?? 200;
  }

  submit(item: T): Promise<R> {
    return new Promise((done, fail) => {
      this.pending.push({ item, done, fail });
      this.schedule();
    });
  }

  /** Sends the next statement once the writes of this turn of the event loop are in. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const keyOf = this.options.keyOf;
    while (this.inFlight < this.options.maxInFlight && this.pending.length) {
      const batch: Pending<T, R>[] = [];
      const rest: Pending<T, R>[] = [];
      const taken = new Set<string | number>();
      for (const p of this.pending) {
        const key = keyOf?.(p.item);
        if (batch.length < this.maxRows && (key === undefined || (!taken.has(key) && !this.busy.has(key)))) {
          if (key !== undefined) taken.add(key);
          batch.push(p);
        } else rest.push(p);
      }
      this.pending = rest;
      if (!batch.length) return; // what is left waits for its key's statement to end
      this.inFlight++;
      for (const key of taken) this.busy.add(key);
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const key of taken) this.busy.delete(key);
        this.schedule();
      });
    }
  }

  private async run(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await this.options.write(batch.map((p) => p.item));
      batch.forEach((p, i) => p.done(results[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0].fail(err);
      await Promise.all(batch.map((p) => this.run([p])));
    }
  }
}

