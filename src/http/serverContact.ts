/**
 * The last answer the device had from the server (issue 31): its Date and when it came by the
 * page's monotonic clock, kept across reloads. An answer made without a connection carries the
 * time measured since then, and the server reckons when it was made (server/modules/study/answerClock.ts).
 */
export const SERVER_CONTACT_KEY = 'elp_server_contact';

export interface ServerContact {
  /** the answer's Date header */
  date: string;
  /** performance.now() when it came */
  at: number;
  /** performance.timeOrigin of that page */
  origin: number;
}

export function noteServerContact(date: string | null): void {
  if (!date) return;
  try {
    localStorage.setItem(SERVER_CONTACT_KEY, JSON.stringify({ date, at: performance.now(), origin: performance.timeOrigin } satisfies ServerContact));
  } catch {
    // storage full or refused: the answer then carries the device's time alone
  }
}
