/**
 * Receipt calls (Received, Read) with at most `limit` in flight (spec 2 §9: 2), in the order asked,
 * one at a time per message so that Read never overtakes Received. A step already asked for
 * (or passed) is not asked again.
 */
export type ReceiptStep = 'Received' | 'Read';

interface Job {
  key: string;
  messageId: number;
  step: ReceiptStep;
  run: () => Promise<unknown>;
}

export class ReceiptQueue {
  private readonly waiting: Job[] = [];
  private readonly busy = new Set<number>();
  private readonly asked = new Map<number, ReceiptStep>();

  constructor(private readonly limit: number) {}

  /** Queues `run` unless the message already has this step or a later one. */
  push(messageId: number, step: ReceiptStep, run: () => Promise<unknown>): void {
    const had = this.asked.get(messageId);
    if (had === 'Read' || had === step) return;
    this.asked.set(messageId, step);
    this.waiting.push({ key: `${messageId}:${step}`, messageId, step, run });
    this.pump();
  }

  /** The server already knows (e.g. a page loaded with the reader's status). */
  know(messageId: number, step: ReceiptStep | null): void {
    if (!step) return;
    const had = this.asked.get(messageId);
    if (had !== 'Read') this.asked.set(messageId, step);
  }

  get inFlight(): number {
    return this.busy.size;
  }

  private pump(): void {
    while (this.busy.size < this.limit) {
      const i = this.waiting.findIndex((j) => !this.busy.has(j.messageId));
      if (i < 0) return;
      const [job] = this.waiting.splice(i, 1);
      this.busy.add(job.messageId);
      void job
        .run()
        .catch(() => {
          // a failed step may be asked again later (the message is seen again)
          if (this.asked.get(job.messageId) === job.step) this.asked.delete(job.messageId);
        })
        .finally(() => {
          this.busy.delete(job.messageId);
          this.pump();
        });
    }
  }
}
