import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import ical from 'ical-generator';
import { calendarFeedCalls as calls, calendarFeedToken } from '../../../shared/calls/calendarFeed.js';
import { currentUser, hashToken } from '../../auth/context.js';
import { accounts, calendarFeeds } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate, type Lang } from '../../i18n/messages.js';
import { studentEvents, type StudentEvent } from './events.js';

registerMessages({
  ru: {
    'calendarFeed.name': 'ELP: мои занятия',
    'calendarFeed.courseBegin': 'Начало курса «{course}»',
    'calendarFeed.courseEnd': 'Окончание курса «{course}»',
    'calendarFeed.schedule': 'Занятие: {subject} — {course}',
    'calendarFeed.deadline': 'Срок: {subject} — {course}',
    'calendarFeed.webinar': 'Вебинар: {subject} — {course}',
    'calendarFeed.notFound': 'Календарь не найден',
  },
  en: {
    'calendarFeed.name': 'ELP: my studies',
    'calendarFeed.courseBegin': 'Course “{course}” begins',
    'calendarFeed.courseEnd': 'Course “{course}” ends',
    'calendarFeed.schedule': 'Class: {subject} — {course}',
    'calendarFeed.deadline': 'Deadline: {subject} — {course}',
    'calendarFeed.webinar': 'Webinar: {subject} — {course}',
    'calendarFeed.notFound': 'Calendar not found',
  },
});

const feedNotFound = () => notFound('CalendarNotFound', { title: 'calendarFeed.notFound', description: 'calendarFeed.notFound' });

/** The iCalendar text of the events: times in UTC (every calendar program shows them in the reader's own zone). */
export function calendarText(events: StudentEvent[], o: { lang: Lang; publicUrl: string }): string {
  const host = new URL(o.publicUrl).host;
  const cal = ical({ name: translate(o.lang, 'calendarFeed.name'), prodId: { company: 'ELP', product: 'calendar', language: o.lang.toUpperCase() }, ttl: 60 * 60 });
  for (const e of events) {
    const summary = translate(o.lang, `calendarFeed.${e.kind}`, { course: e.course, subject: e.subject ?? '' });
    cal.createEvent({
      id: `${e.uid}@${host}`,
      start: e.start,
      // an instant (a course's start, a deadline) is an event of no length
      end: e.end ?? e.start,
      summary,
      location: e.location ?? undefined,
      url: `${o.publicUrl}/my-courses/course/${e.courseId}`,
    });
  }
  return cal.toString();
}

/** The calendar subscription (issue 30 item 3): a secret link per account, kept as its SHA-256. */
export const calendarFeedModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  const publicUrl = fastify.config.publicUrl;

  route(fastify, calls.state, async (request) => {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, currentUser(request).accountId));
    return { active: Boolean(row), createdAt: row?.createdAt ?? null };
  });

  route(fastify, calls.create, async (request) => {
    const { accountId } = currentUser(request);
    const token = randomBytes(32).toString('base64url');
    const values = { accountId, tokenHash: hashToken(token), createdAt: new Date() };
    await db.insert(calendarFeeds).values(values).onConflictDoUpdate({ target: calendarFeeds.accountId, set: { tokenHash: values.tokenHash, createdAt: values.createdAt } });
    return { url: `${publicUrl}/api/calendar/${token}.ics`, createdAt: values.createdAt };
  });

  route(fastify, calls.revoke, async (request) => {
    const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.accountId, currentUser(request).accountId)).returning();
    return { ok: gone.length > 0 };
  });

  route(fastify, calls.feed, async (request, reply) => {
    const token = calendarFeedToken.safeParse(request.params.token);
    if (!token.success) throw feedNotFound();
    const [owner] = await db
      .select({ accountId: accounts.id, language: accounts.language, role: accounts.role })
      .from(calendarFeeds)
      .innerJoin(accounts, eq(accounts.id, calendarFeeds.accountId))
      .where(eq(calendarFeeds.tokenHash, hashToken(token.data)));
    if (!owner || owner.role !== 'Students') throw feedNotFound();
    const lang: Lang = owner.language === 'en' ? 'en' : 'ru';
    const text = calendarText(await studentEvents(db, owner.accountId), { lang, publicUrl });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="elp.ics"')
      .send(text);
  });
};
