import { z } from 'zod';
import { pageVisits } from '../db/schema/index.js';
import { HubError, type HubDefinition } from './hub-server.js';

/** A same-origin page path, as the student's browser reports it. */
const pageUrl = z.string().min(1).max(2000).regex(/^\/(?!\/)/, 'a same-origin path');
/** Offline visits arrive later with the time they happened (spec 2 §5). */
const visitedAt = z.iso.datetime({ offset: true }).optional();
/** How far ahead of the server clock a device's clock may run. */
export const FUTURE_TOLERANCE_MS = 60_000;

/**
 * Page-visit tracking (spec 3 §7.4 "accounts visit-log path, call LogVisit").
 * Only students open this connection (spec 1 §6). A visit's time is checked against the
 * server clock: at most a minute ahead, and no older than a session lives
 * (SESSION_TTL_HOURS) — an offline visit waits in the browser while its page was open to a
 * signed-in student, so an older one is invented. Either is refused, nothing stored.
 */
export const visitLogHub: HubDefinition = {
  path: '/hubs/visit-log',
  rule: 'student',
  methods: {
    async LogVisit({ connection, app }, url, at) {
      const parsedUrl = pageUrl.safeParse(url);
      const parsedAt = visitedAt.safeParse(at ?? undefined);
      if (!parsedUrl.success || !parsedAt.success) throw new HubError('Invalid visit');
      const now = Date.now();
      const when = parsedAt.data ? new Date(parsedAt.data) : new Date(now);
      const oldest = now - app.config.SESSION_TTL_HOURS * 3_600_000;
      if (when.getTime() > now + FUTURE_TOLERANCE_MS || when.getTime() < oldest) throw new HubError('Invalid visit time');
      await app.db.insert(pageVisits).values({ accountId: connection.user.accountId, url: parsedUrl.data, visitedAt: when });
      return true;
    },
  },
};
