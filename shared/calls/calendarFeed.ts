import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/** The caller's calendar subscription: whether a link exists and since when (the link itself is shown once, when made). */
export interface CalendarFeedState {
  active: boolean;
  createdAt: string | null;
}

/** A new subscription link: the only time the secret is seen (the server keeps its hash). */
export interface CalendarFeedLink {
  url: string;
  createdAt: string;
}

/** The secret of a feed URL: base64url of 32 random bytes. */
export const calendarFeedToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/**
 * The student's events calendar as an iCalendar feed (issue 30 item 3): a secret per-account URL
 * that calendar programs subscribe to, made, read and revoked from the profile. The feed itself is
 * public (a calendar program sends no cookie): the token is the key, and a wrong or revoked one is a 404.
 */
export const calendarFeedCalls = defineCalls('calendar-feed', {
  state: { method: 'GET', path: '/api/profile/calendar-feed', rule: 'student', response: returns<CalendarFeedState>() },
  /** makes a new link, replacing (revoking) the previous one */
  create: { method: 'POST', path: '/api/profile/calendar-feed', rule: 'student', response: returns<CalendarFeedLink>() },
  revoke: { method: 'DELETE', path: '/api/profile/calendar-feed', rule: 'student', response: returns<{ ok: boolean }>() },
  feed: {
    method: 'GET',
    path: '/api/calendar/{token}.ics',
    rule: 'public',
    params: z.object({ token: z.string().max(200) }),
    summary: 'The events calendar of the account whose secret token this is (text/calendar; public: the token is the key)',
  },
});
