import { z } from 'zod';
import { pageVisits } from '../db/schema/index.js';
import { HubError, type HubDefinition } from './hub-server.js';

/** A same-origin page path, as the student's browser reports it. */
const pageUrl = z.string().min(1).max(2000).regex(/^\/(?!\/)/, 'a same-origin path');
/** Offline visits arrive later with the time they happened (spec 2 §5). */
const visitedAt = z.iso.datetime({ offset: true }).optional();

/**
 * Page-visit tracking (spec 3 §7.4 "accounts visit-log path, call LogVisit").
 * Only students open this connection (spec 1 §6).
 */
export const visitLogHub: HubDefinition = {
  path: '/hubs/visit-log',
  rule: 'student',
  methods: {
    async LogVisit({ connection, app }, url, at) {
      const parsedUrl = pageUrl.safeParse(url);
      const parsedAt = visitedAt.safeParse(at ?? undefined);
      if (!parsedUrl.success || !parsedAt.success) throw new HubError('Invalid visit');
      const when = parsedAt.data ? new Date(parsedAt.data) : new Date();
      // A client clock far in the future is not trusted.
      const visited = when.getTime() > Date.now() + 60_000 ? new Date() : when;
      await app.db.insert(pageVisits).values({ accountId: connection.user.accountId, url: parsedUrl.data, visitedAt: visited });
      return true;
    },
  },
};
