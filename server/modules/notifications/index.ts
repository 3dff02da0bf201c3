import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { notificationsCalls, type NotificationItem, type NotificationsQuery } from '../../../shared/calls/notifications.js';
import type { NotificationType } from '../../../shared/enums.js';
import { notifications } from '../../db/schema/index.js';
import { notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { allMessages, translate, type Lang } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { currentUser } from '../../auth/context.js';
import { listenForChanges, signalChanged } from './live.js';
import './messages.js';

type Row = typeof notifications.$inferSelect;

/** A stored key rendered in the reader's language; rows written before keys hold prose, shown as is. */
export function renderText(lang: Lang, row: Pick<Row, 'text' | 'params'>): string {
  return row.text in allMessages(lang) ? translate(lang, row.text, row.params ?? {}) : row.text;
}

function item(lang: Lang, row: Row): NotificationItem {
  return {
    id: row.id,
    text: renderText(lang, row),
    date: row.createdAt.toISOString(),
    type: row.type as NotificationType,
    read: row.read,
    link: row.link,
    linkFields: row.linkFields,
  };
}

/** In-app notifications of the signed-in reader (spec 3 §7.5, §7.4 "notifications by course"). */
export const notificationsModule: FastifyPluginAsync = async (app) => {
  const { db } = app;
  listenForChanges(app);

  async function page(lang: Lang, where: SQL, q: NotificationsQuery) {
    const filter = and(where, q.notificationsType === undefined ? undefined : eq(notifications.type, q.notificationsType as NotificationType));
    const [rows, [total]] = await Promise.all([
      db.select().from(notifications).where(filter).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(q['pagination.Limit']).offset(q['pagination.Offset']),
      db.select({ n: count() }).from(notifications).where(filter),
    ]);
    return { data: rows.map((r) => item(lang, r)), metadata: { filteredRecords: total.n } };
  }

  route(app, notificationsCalls.list, async (request) => {
    const user = currentUser(request);
    return page(requestLang(request), eq(notifications.accountId, user.accountId), request.query);
  });

  route(app, notificationsCalls.byCourse, async (request) => {
    const user = currentUser(request);
    const { courseId } = request.query;
    const about = or(sql`(${notifications.linkFields}->>'trainingId')::int = ${courseId}`, sql`(${notifications.linkFields}->>'courseId')::int = ${courseId}`)!;
    return page(requestLang(request), and(eq(notifications.accountId, user.accountId), about)!, request.query);
  });

  route(app, notificationsCalls.read, async (request) => {
    const user = currentUser(request);
    const id = parseIntId(request.params.id);
    const mine = (nid: number) => and(eq(notifications.id, nid), eq(notifications.accountId, user.accountId));
    // someone else's notification is as absent as a missing one
    if (id === null) throw notFound('NotificationNotFound', { title: 'notifications.notFound' });
    const [changed] = await db.update(notifications).set({ read: true, readAt: new Date() }).where(and(mine(id), eq(notifications.read, false))).returning();
    if (changed) {
      await signalChanged(db, [user.accountId]);
      return item(requestLang(request), changed);
    }
    const [row] = await db.select().from(notifications).where(mine(id));
    if (!row) throw notFound('NotificationNotFound', { title: 'notifications.notFound' });
    return item(requestLang(request), row);
  });

  route(app, notificationsCalls.types, async (request) => {
    const user = currentUser(request);
    const rows = await db
      .select({ type: notifications.type, total: count(), unread: sql<number>`count(*) filter (where not ${notifications.read})`.mapWith(Number) })
      .from(notifications)
      .where(eq(notifications.accountId, user.accountId))
      .groupBy(notifications.type)
      .orderBy(notifications.type);
    return rows.map((r) => ({ type: r.type as NotificationType, total: r.total, unread: r.unread }));
  });

  route(app, notificationsCalls.count, async (request) => {
    const user = currentUser(request);
    const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.accountId, user.accountId), eq(notifications.read, false)));
    return { count: row.n };
  });
};
