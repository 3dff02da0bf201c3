import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MailStatus } from '../../shared/enums.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { rowsOf } from '../modules/courses/courseGroups/access.js';
import type { MailTransport } from './transport.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;
type Claimed = Pick<OutboxRow, 'id' | 'to' | 'subject' | 'html' | 'text' | 'attempts'>;

/** How long a sender holds a claimed letter; past it (the process died mid-send) another may claim it. */
const HOLD_SECONDS = 120;
const BATCH = 20;

/**
 * Claims due letters for this sender: queued ones whose back-off has passed, and ones another
 * sender claimed but never finished (held past HOLD_SECONDS). One UPDATE … SKIP LOCKED, so two
 * processes (or a restarted one) never hold the same letter and a sent letter is never claimed
 * again. The attempt is counted at the claim: a letter that crashes its sender still ends failed.
 */
export async function claimDue(db: Db, limit = BATCH): Promise<Claimed[]> {
  const rows = await db.execute(sql`
    update ${mailOutbox} set "status" = ${MailStatus.sending}, "claimed_until" = now() + make_interval(secs => ${HOLD_SECONDS}), "attempts" = "attempts" + 1
    where "id" in (
      select "id" from ${mailOutbox}
      where ("status" = ${MailStatus.queued} and "next_attempt_at" <= now()) or ("status" = ${MailStatus.sending} and "claimed_until" < now())
      order by "id" limit ${limit} for update skip locked)
    returning "id", "to", "subject", "html", "text", "attempts"`);
  return rowsOf<Claimed>(rows);
}

/** Seconds to wait after the n-th failed attempt: base, 2×base, 4×base, … */
export const backOffSeconds = (base: number, attempts: number) => base * 2 ** Math.max(0, attempts - 1);

export interface SenderOptions {
  maxAttempts: number;
  retrySeconds: number;
}

/** Sends the claimed letters one by one; marks each sent, or queued again after a back-off, or failed after the last attempt. */
export async function deliver(db: Db, transport: MailTransport, letters: Claimed[], o: SenderOptions, log: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (const letter of letters) {
    const mine = and(eq(mailOutbox.id, letter.id), eq(mailOutbox.status, MailStatus.sending));
    try {
      await transport.send(letter);
      await db.update(mailOutbox).set({ status: MailStatus.sent, sentAt: new Date(), claimedUntil: null, error: null }).where(mine);
      sent++;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const last = letter.attempts >= o.maxAttempts;
      log.warn({ letterId: letter.id, attempts: letter.attempts, err: message }, last ? 'mail failed after the last attempt' : 'mail attempt failed');
      await db
        .update(mailOutbox)
        .set({
          status: last ? MailStatus.failed : MailStatus.queued,
          error: message,
          claimedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${backOffSeconds(o.retrySeconds, letter.attempts)})`,
        })
        .where(mine);
    }
  }
  return sent;
}

/**
 * The outbox worker of one process: every `pollSeconds` (and when kicked) it runs `beforeDrain`
 * (the dated mailing rules write their letters) and sends what is due. Runs never overlap.
 * Without a transport (no SMTP_URL) letters stay queued in the outbox.
 */
export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport | null,
    private readonly options: SenderOptions & { pollSeconds: number },
    private readonly log: FastifyBaseLogger,
    private readonly beforeDrain: () => Promise<void> = async () => {},
  ) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.options.pollSeconds * 1000);
    this.timer.unref();
  }

  /** Runs a pass now (or right after the one under way). */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.log.error({ err }, 'mail outbox pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          void this.kick();
        }
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    await this.beforeDrain();
    if (!this.transport) return;
    for (let round = 0; round < 50 && !this.closed; round++) {
      const letters = await claimDue(this.db);
      if (letters.length === 0) return;
      await deliver(this.db, this.transport, letters, this.options, this.log);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }
}
