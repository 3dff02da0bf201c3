import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/index.js';
import { MailSender } from '../../server/mail/outbox.js';
import { smtpTransport, type MailTransport } from '../../server/mail/transport.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * Issue 29 item 3: each letter once. A sender dies between the SMTP server's 250 and its own
 * status update (its transport hears the 250, then never returns: the process is gone as far as
 * the outbox can tell); after its hold a restarted sender takes the letter back and sends it again.
 * (tests/api/mail-crash.test.ts does it with a real SIGKILL of a server process.)
 * The letters the SMTP server received are counted by Message-ID: the interrupted letter arrives
 * at most twice, both times with the one Message-ID stored before the first try, and the outbox
 * shows it delivered again ("resent"), never lost; the others arrive once.
 */
const received: { messageId: string; to: string[] }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '', to: session.envelope.rcptTo.map((r) => r.address) });
      callback(); // the 250
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

// the app sends nothing itself (no SMTP_URL): the test's senders do, on its database
const t = await createTestApp({ PUBLIC_URL: 'https://elp.university.test' });
const options = { maxAttempts: 3, retrySeconds: 0.1, pollSeconds: 3600, messageIdHost: 'elp.university.test' };
let root: SignedIn;
const opened: MailTransport[] = [];
const transport = () => {
  const tr = smtpTransport(url, 'ELP <no-reply@elp.test>');
  opened.push(tr);
  return tr;
};

beforeAll(async () => {
  root = await t.signIn('Root');
});
afterAll(async () => {
  for (const tr of opened) tr.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function until<T>(what: string, get: () => T | Promise<T>, ms = 15_000): Promise<Exclude<T, false | null | undefined>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v as Exclude<T, false | null | undefined>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const letter = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

describe('a sender killed between the 250 and its status update', () => {
  it('resends the letter with the same Message-ID once its hold is over: it arrives at most twice, shown "resent", never lost', async () => {
    const base = { subject: 'Важно', html: '<p>Письмо</p>' };
    await t.db.insert(mailOutbox).values([{ ...base, to: 'first@test.local' }, { ...base, to: 'second@test.local' }]);

    // the sender that dies: its SMTP transaction completes (250), then it never gets to write "sent"
    let killed = false;
    const real = transport();
    const dying: MailTransport = {
      async send(l) {
        await real.send(l);
        killed = true;
        await new Promise(() => {}); // SIGKILL: nothing after the 250 runs
      },
      close: () => {},
    };
    void new MailSender(t.db, dying, options, t.app.log).kick();
    await until('the first letter at the SMTP server', () => killed && received.length === 1);
    const interrupted = await letter('first@test.local');
    expect(interrupted).toMatchObject({ status: 'sending', resent: false, attempts: 1 });
    expect(interrupted.messageId).toMatch(/^<[0-9a-f-]{36}@elp\.university\.test>$/);
    expect(received[0]).toEqual({ messageId: interrupted.messageId, to: ['first@test.local'] });
    // the dead sender held only the letter it was sending: the other is still queued, unsent
    expect(await letter('second@test.local')).toMatchObject({ status: 'queued', messageId: null, attempts: 0 });

    // the restarted process: while the dead sender's hold lasts it leaves the letter alone …
    const restarted = new MailSender(t.db, transport(), options, t.app.log);
    await restarted.kick();
    expect((await letter('first@test.local')).status).toBe('sending');
    expect(received.filter((r) => r.to.includes('second@test.local'))).toHaveLength(1);
    // … then, the hold over (2 minutes, passed here at once), takes it back and sends it again, with the same Message-ID
    await t.db.update(mailOutbox).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.to, 'first@test.local'));
    await restarted.kick();
    await restarted.close();

    const byId = new Map<string, number>();
    for (const r of received) byId.set(r.messageId, (byId.get(r.messageId) ?? 0) + 1);
    expect(byId.get(interrupted.messageId!)).toBe(2);
    const again = await letter('first@test.local');
    expect(again).toMatchObject({ status: 'sent', resent: true, messageId: interrupted.messageId, attempts: 2 });
    const other = await letter('second@test.local');
    expect(other).toMatchObject({ status: 'sent', resent: false });
    expect(byId.get(other.messageId!)).toBe(1);
    expect(received).toHaveLength(3);

    // Root's outbox says so
    const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: root.headers });
    expect(outbox.statusCode, outbox.body).toBe(200);
    const items = outbox.json().items as { to: string; status: string; resent: boolean; messageId: string }[];
    expect(items.find((i) => i.to === 'first@test.local')).toMatchObject({ status: 'sent', resent: true, messageId: interrupted.messageId });
    expect(items.find((i) => i.to === 'second@test.local')).toMatchObject({ status: 'sent', resent: false });
  });

  it('a letter whose SMTP transaction failed is retried with the same Message-ID, and is not "resent"', async () => {
    let fail = true;
    const real = transport();
    const flaky: MailTransport = {
      async send(l) {
        if (fail) {
          fail = false;
          throw new Error('421 try again later');
        }
        await real.send(l);
      },
      close: () => {},
    };
    await t.db.insert(mailOutbox).values({ subject: 's', html: '<p>x</p>', to: 'flaky@test.local' });
    const sender = new MailSender(t.db, flaky, options, t.app.log);
    await sender.kick();
    const first = await letter('flaky@test.local');
    expect(first).toMatchObject({ status: 'queued', attempts: 1, error: '421 try again later' });
    await new Promise((r) => setTimeout(r, 200));
    await sender.kick();
    await sender.close();
    expect(await letter('flaky@test.local')).toMatchObject({ status: 'sent', resent: false, attempts: 2, messageId: first.messageId });
    expect(received.filter((r) => r.to.includes('flaky@test.local')).map((r) => r.messageId)).toEqual([first.messageId]);
  });
});
