import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';
import type { NotificationType } from '../enums';

/** Spec 2 §9: notifications per page on desktop and on phones; the badge shows at most 99. */
export const NOTIFICATIONS_PAGE_DESKTOP = 10;
export const NOTIFICATIONS_PAGE_PHONE = 3;
export const NOTIFICATIONS_MAX_LIMIT = 100;
export const BADGE_CAP = 99;

/** The hub that tells a reader's open pages their notifications changed (a new one, one read). */
export const NOTIFICATIONS_HUB = '/hubs/notifications';
export const NOTIFICATIONS_CHANGED = 'NotificationsChanged';

/** Spec 2 §3.4: linkFields of a notification. */
export interface NotificationLinkFields {
  trainingId?: number;
  courseId?: number;
  lessonId?: number;
  exerciseId?: number;
  pageId?: number;
  /** a certificate notification's certificate (opened in a modal) */
  certificateId?: number;
}

/** Spec 2 §3.4: id, text (in the reader's language), date, type, read, link, linkFields. */
export interface NotificationItem {
  id: number;
  text: string;
  date: string;
  type: NotificationType;
  read: boolean;
  link: string | null;
  linkFields: NotificationLinkFields;
}

export interface NotificationsPage {
  data: NotificationItem[];
  metadata: { filteredRecords: number };
}

/** Spec 3 §3: pagination.Offset and pagination.Limit, and the tab's notificationsType. */
export const notificationsQuery = z.object({
  notificationsType: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(5, m.tooBig).optional(),
  'pagination.Offset': z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig).default(0),
  'pagination.Limit': z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(NOTIFICATIONS_MAX_LIMIT, m.tooBig).default(NOTIFICATIONS_PAGE_DESKTOP),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;
export const notificationsByCourseQuery = notificationsQuery.extend({
  courseId: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig),
});

/**
 * In-app notifications (spec 3 §7.5; §7.4 "notifications by course"). Every call reads or
 * changes the caller's own notifications only.
 */
export const notificationsCalls = defineCalls('notifications', {
  list: { method: 'GET', path: '/api/notifications', rule: 'signedIn', query: notificationsQuery, response: returns<NotificationsPage>() },
  /** another account's notification is not found (404), as one that does not exist */
  read: { method: 'POST', path: '/api/notifications/{id}/read', rule: 'signedIn', response: returns<NotificationItem>() },
  /** the types the reader has, with totals and unread counts: the tabs of the notifications page */
  types: { method: 'GET', path: '/api/notifications/types', rule: 'signedIn', response: returns<{ type: NotificationType; total: number; unread: number }[]>() },
  /** unread notifications (the badge) */
  count: { method: 'GET', path: '/api/notifications/count', rule: 'signedIn', response: returns<{ count: number }>() },
  /**
   * the reader's notifications about one course (linkFields trainingId or courseId): a filter of
   * the reader's own rows, so the course is a query value, not a course-scoped path
   */
  byCourse: { method: 'GET', path: '/api/notifications/by-course', rule: 'signedIn', query: notificationsByCourseQuery, response: returns<NotificationsPage>() },
});
