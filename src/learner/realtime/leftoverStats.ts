import { pendingQueue } from './pendingQueue';
import type { WatchStat } from './statsHub';

/** Where watch time waits while offline (localStorage), until the stats hub acknowledges it. */
export const PENDING_STATS_KEY = 'elp_pending_stats';

/**
 * Watch time kept while offline goes out as soon as the student is back in a player. The
 * realtime client (@microsoft/signalr) loads only when some waits: a player that has nothing
 * to send does not download it.
 */
export function sendLeftoverStatsSoon(): void {
  if (pendingQueue<WatchStat>(PENDING_STATS_KEY).size() === 0) return;
  void import('./statsHub').then((m) => m.sendLeftoverStats()).catch(() => undefined); // sent next time
}
