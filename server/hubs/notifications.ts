import type { HubDefinition } from './hub-server.js';
import { NOTIFICATIONS_HUB } from '../../shared/calls/notifications.js';

/**
 * Live notification counts (spec 2 §9 badge): the server calls `NotificationsChanged` on every
 * connection of an account after a notification of it is written (and committed) or read; the
 * page then refetches GET /api/notifications/count. Nothing is invoked by the client.
 */
export const notificationsHub: HubDefinition = {
  path: NOTIFICATIONS_HUB,
  rule: 'signedIn',
  methods: {},
};
