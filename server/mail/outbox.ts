import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MailStatus } from '../../shared/enums.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { rowsOf } from '../db/rows.js';
import type { MailTransport } from './transport.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;
type Claimed = Pick<OutboxRow, 'id' | 'to' | 'subject' | 'html' | 'text' | 'attempts' | 'messageId'>;

/** How long a sender holds a claimed letter; past it (the process died mid-send) another may claim it. */
const HOLD_SECONDS = 120;
/** Letters one pass sends at most before it yields (the next kick or poll goes on). */
const PER_PASS = 1000;

/**
 * Claims the next due letter for this sender: a queued one whose back-off has passed, or one
 * another sender claimed but never finished (held past the hold). One UPDATE … SKIP LOCKED, so
 * two processes (or a restarted one) never hold the same letter and a sent letter is never
 * claimed again. The attempt is counted at the claim: a letter that crashes its sender still ends
 * failed. One letter per claim: its SMTP transaction starts right after, so the hold is one
 * letter's send and a letter found "sending" past it was really being sent when its sender died.
 *
 * The letter is "sending" with its Message-ID stored before the SMTP transaction begins: the ID
 * is made at the first claim (`<uuid@host>`) and kept, so a letter whose sender died after the
 * server's 250 but before the status update goes out again with the same ID (mail services that
 * recognise it show one letter) and is marked `resent`: at most one extra copy per crash, never
 * none. Exactly once is not possible over SMTP: the 250 and our write cannot be one transaction.
 */
export async function claimNext(db: Db, messageIdHost: string): Promise<Claimed | null> {
  // in the SET list "status" is still the row's old one: a letter found "sending" was interrupted
  const rows = await db.execute(sql`
    update ${mailOutbox} set "status" = ${MailStatus.sending}, "claimed_until" = now() + make_interval(secs => ${HOLD_SECONDS}), "attempts" = "attempts" + 1,
      "message_id" = coalesce("message_id", '<' || gen_random_uuid()::text || '@' || ${messageIdHost} || '>'),
      "resent" = "resent" or "status" = ${MailStatus.sending}
    where "id" = (
      select "id" from ${mailOutbox}
      where ("status" = ${MailStatus.queued} and "next_attempt_at" <= now()) or ("status" = ${MailStatus.sending} and "claimed_until" < now())
      order by "id" limit 1 for update skip locked)
    returning "id", "to", "subject", "html", "text", "attempts", "message_id" as "messageId"`);
  return rowsOf<Claimed>(rows)[0] ?? null;
}

/** Seconds to wait after the n-th failed attempt: base, 2×base, 4×base, … */
export const backOffSeconds = (base: number, attempts: number) => base * 2 ** Math.max(0, attempts - 1);

export interface SenderOptions {
  maxAttempts: number;
  retrySeconds: number;
}

/** The host part of the letters' Message-IDs: PUBLIC_URL's host name. */
export const messageIdHost = (publicUrl: string) => new URL(publicUrl).hostname || 'elp.local';

/** Sends the claimed letter; marks it sent, or queued again after a back-off, or failed after the last attempt. */
export async function deliver(db: Db, transport: MailTransport, letter: Claimed, o: SenderOptions, log: FastifyBaseLogger): Promise<boolean> {
  const mine = and(eq(mailOutbox.id, letter.id), eq(mailOutbox.status, MailStatus.sending));
  try {
    await transport.send(letter);
    await db.update(mailOutbox).set({ status: MailStatus.sent, sentAt: new Date(), claimedUntil: null, error: null }).where(mine);
    return true;
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
    return false;
  }
}

/**
 * The outbox worker of one process: every `pollSeconds` (and when kicked) it sends what is due.
 * Runs never overlap. Without a transport (no SMTP_URL) letters stay queued in the outbox.
 */
export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport | null,
    private readonly options: SenderOptions & { pollSeconds: number; messageIdHost: string },
    private readonly log: FastifyBaseLogger,
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
    if (!this.transport) return;
    for (let n = 0; n < PER_PASS && !this.closed; n++) {
      const letter = await claimNext(this.db, this.options.messageIdHost);
      if (!letter) return;
      await deliver(this.db, this.transport, letter, this.options, this.log);
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
