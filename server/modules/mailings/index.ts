import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { mailingCalls } from '../../../shared/calls/mailings.js';
import { MailingKind, TaskType } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { accounts, mailings, mailOutbox } from '../../db/schema/index.js';
import { badRequest, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { MailSender, messageIdHost } from '../../mail/outbox.js';
import { sanitizeRichText } from '../../richtext/index.js';
import { smtpTransport } from '../../mail/transport.js';
import { letterFields, mailLinks, profileLink } from './letters.js';
import './messages.js';
import { alreadySent, letterCounts, loadMailing, mailingValues, toRecord } from './records.js';
import { renderLetter } from './render.js';
import { sendManualMailing } from './send.js';
import { runDatedRules } from './triggers.js';

export { mailingEvent } from './triggers.js';

/** The periodic job of the dated mailing rules (pg-boss queue and schedule name). */
export const MAIL_DATED_RULES_JOB = 'elp-mail-dated-rules';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

/**
 * E-mail mailings of a course: automatic rules (an event or a date sends them) and manual
 * mailings (draft → sent now or at a time). Letters go to the outbox (one row per recipient);
 * the outbox worker sends them over SMTP_URL with retries, or leaves them there for Root.
 */
export const mailingsModule: FastifyPluginAsync = async (fastify) => {
  const { db, config } = fastify;
  const calls = mailingCalls;
  mailLinks.publicUrl = config.publicUrl;

  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : null;
  const sender = new MailSender(
    db,
    transport,
    { maxAttempts: config.MAIL_MAX_ATTEMPTS, retrySeconds: config.MAIL_RETRY_SECONDS, pollSeconds: config.MAIL_POLL_SECONDS, messageIdHost: messageIdHost(config.publicUrl) },
    fastify.log,
  );
  fastify.decorate('mailSender', sender);
  fastify.addHook('onReady', async () => sender.start());
  fastify.addHook('onClose', async () => sender.close());

  // the dated rules (N days before a start or a deadline, after an end) every minute on pg-boss's
  // schedule: one run per minute across the processes, not one per process and poll
  fastify.jobs.every(MAIL_DATED_RULES_JOB, '* * * * *', async () => {
    if ((await runDatedRules(db)) > 0) void sender.kick();
  });

  // a manual mailing's letters are written by a mailing-data task, at its time
  fastify.jobs.handle(TaskType.mailingData, async (ctx) => {
    const written = await sendManualMailing(ctx.db, ctx.task.params as { mailingId: number; scheduledAt: string });
    ctx.count({ letters: written });
    void sender.kick();
  });

  const withCounts = async (row: typeof mailings.$inferSelect) => toRecord(row, (await letterCounts(db, [row.id])).get(row.id));

  route(fastify, calls.list, async (request) => {
    const { course } = courseOf(request);
    const rows = await db
      .select()
      .from(mailings)
      .where(and(eq(mailings.courseId, course.id), request.query.kind ? eq(mailings.kind, request.query.kind) : undefined))
      .orderBy(desc(mailings.createdAt), desc(mailings.id));
    const counts = await letterCounts(db, rows.map((r) => r.id));
    return rows.map((r) => toRecord(r, counts.get(r.id)));
  });

  route(fastify, calls.create, async (request, reply) => {
    const { course } = courseOf(request);
    const values = await mailingValues(db, request, course.id, request.body, request.body.kind);
    const [row] = await db.insert(mailings).values({ ...values, courseId: course.id, createdBy: currentUser(request).accountId }).returning();
    return reply.status(201).send(toRecord(row));
  });

  route(fastify, calls.get, async (request) => {
    const { course } = courseOf(request);
    return withCounts(await loadMailing(db, course.id, request.params.mailingId));
  });

  route(fastify, calls.update, async (request) => {
    const { course } = courseOf(request);
    const mailing = await loadMailing(db, course.id, request.params.mailingId);
    if (mailing.sentAt) throw alreadySent();
    // the kind of a mailing stays what it was created as
    const values = await mailingValues(db, request, course.id, request.body, mailing.kind);
    const [row] = await db.update(mailings).set(values).where(eq(mailings.id, mailing.id)).returning();
    return withCounts(row);
  });

  route(fastify, calls.remove, async (request) => {
    const { course } = courseOf(request);
    const mailing = await loadMailing(db, course.id, request.params.mailingId);
    // a scheduled task finds no mailing and writes nothing; letters already written keep going
    await db.delete(mailings).where(eq(mailings.id, mailing.id));
    return { ok: true as const };
  });

  route(fastify, calls.preview, async (request) => {
    const { course } = courseOf(request);
    const user = currentUser(request);
    const lang = requestLang(request);
    const [me] = await db.select().from(accounts).where(eq(accounts.id, user.accountId));
    const sample = { firstName: translate(lang, 'mailings.sampleStudent'), lastName: '', email: me?.email ?? '', language: lang, timeZone: me?.timeZone ?? null };
    const letter = renderLetter({ subject: request.body.subject, body: sanitizeRichText(request.body.body) }, letterFields(course, sample, translate(lang, 'mailings.sampleExercise')), lang, profileLink());
    return { subject: letter.subject, html: letter.html };
  });

  route(fastify, calls.send, async (request) => {
    const { course } = courseOf(request);
    const mailing = await loadMailing(db, course.id, request.params.mailingId);
    if (mailing.kind !== MailingKind.manual) throw badRequest('MailingNotManual', { title: 'mailings.notManual' });
    if (mailing.sentAt) throw alreadySent();
    const at = request.body.at ? new Date(request.body.at) : new Date();
    if (request.body.at && at.getTime() < Date.now() - 60_000) throw validationError({ at: translate(requestLang(request), 'mailings.inPast') });
    const delay = Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));
    await fastify.jobs.ready();
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(mailings).set({ scheduledAt: at }).where(eq(mailings.id, mailing.id)).returning();
      // the task carries the time it was queued for: a later reschedule makes this one write nothing
      await fastify.jobs.enqueueTask(tx, { type: TaskType.mailingData, courseId: course.id, createdBy: currentUser(request).accountId, payload: { mailingId: mailing.id, scheduledAt: at.toISOString() }, startAfterSeconds: delay || undefined });
      return updated;
    });
    return withCounts(row);
  });

  route(fastify, calls.recipients, async (request) => {
    const { course } = courseOf(request);
    const mailing = await loadMailing(db, course.id, request.params.mailingId);
    const rows = await db
      .select({ o: mailOutbox, firstName: accounts.firstName, lastName: accounts.lastName })
      .from(mailOutbox)
      .leftJoin(accounts, eq(accounts.id, mailOutbox.accountId))
      .where(eq(mailOutbox.mailingId, mailing.id))
      .orderBy(asc(mailOutbox.id))
      .limit(5000);
    return rows.map(({ o, firstName, lastName }) => ({
      id: o.id,
      accountId: o.accountId,
      to: o.to,
      fullName: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
      status: o.status,
      attempts: o.attempts,
      error: o.error,
      sentAt: o.sentAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
    }));
  });

  route(fastify, calls.outbox, async (request) => {
    const { status, skip, take } = request.query;
    const where = status ? eq(mailOutbox.status, status) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      db.select({ o: mailOutbox, courseId: mailings.courseId }).from(mailOutbox).leftJoin(mailings, eq(mailings.id, mailOutbox.mailingId)).where(where).orderBy(desc(mailOutbox.id)).offset(skip).limit(take),
      db.select({ n: count() }).from(mailOutbox).where(where),
    ]);
    return {
      total: n,
      items: rows.map(({ o, courseId }) => ({ id: o.id, to: o.to, subject: o.subject, html: o.html, status: o.status, resent: o.resent, messageId: o.messageId, attempts: o.attempts, error: o.error, mailingId: o.mailingId, courseId, createdAt: o.createdAt.toISOString(), sentAt: o.sentAt?.toISOString() ?? null })),
    };
  });
};
