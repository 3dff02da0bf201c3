import { HubConnectionState } from '@microsoft/signalr';
import { openHub, type LiveHub } from './hubConnection';
import { PENDING_STATS_KEY } from './leftoverStats';
import { pendingQueue, type PendingQueue } from './pendingQueue';

export { PENDING_STATS_KEY };

/** One watched segment of a video slide, as SaveStats takes it (spec 3 §7.4). */
export interface WatchStat {
  courseId: number;
  exerciseId: number;
  slideId: number;
  sessionId: number;
  start: number;
  end: number;
}

export const STATS_HUB_PATH = '/hubs/stats';

export interface StatsSender {
  /** keeps the segment, then sends whatever waits if connected */
  save(stat: WatchStat): void;
  /** sends what waits, oldest first, while connected */
  flush(): Promise<void>;
}

type Invoke = (method: string, ...args: unknown[]) => Promise<unknown>;

/**
 * Sends kept segments in order. A segment leaves the queue only once the server acknowledged
 * it; when the connection fails under a send, it stays first and sending stops until the
 * hub is connected again (spec 3 §8.11). A segment the server refuses while the connection
 * is up would be refused forever, so it is let go instead of blocking the ones behind it.
 */
export function statsSender(invoke: Invoke, isConnected: () => boolean, queue: PendingQueue<WatchStat>): StatsSender {
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    do {
      again = false;
      for (let s = queue.peek(); s && isConnected(); s = queue.peek()) {
        try {
          await invoke('SaveStats', s.courseId, s.exerciseId, s.slideId, s.sessionId, s.start, s.end);
        } catch (err) {
          if (!isConnected()) return;
          console.warn('watch segment refused', s, err);
        }
        queue.drop();
      }
    } while (again);
  };
  // one drain at a time; a call during it makes it look at the queue once more
  const flush = () => {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    save(stat) {
      queue.push(stat);
      void flush();
    },
    flush,
  };
}

interface Shared {
  hub: LiveHub;
  sender: StatsSender;
  users: number;
  closing?: ReturnType<typeof setTimeout>;
}
let shared: Shared | null = null;

/** How long the connection outlives its last video: the segment closed on leaving still goes out, the next slide reuses it. */
export const LINGER_MS = 10_000;

/**
 * The page's one stats connection, opened by the first video that needs it and closed a
 * little after the last one goes away.
 */
export function acquireStatsHub(): { hub: LiveHub; sender: StatsSender; release: () => void } {
  if (!shared) {
    const queue = pendingQueue<WatchStat>(PENDING_STATS_KEY);
    let sender: StatsSender | null = null;
    const hub = openHub(STATS_HUB_PATH, () => void sender?.flush());
    sender = statsSender(
      (method, ...args) => hub.connection.invoke(method, ...args),
      () => hub.connection.state === HubConnectionState.Connected,
      queue,
    );
    shared = { hub, sender, users: 0 };
  }
  const current = shared;
  clearTimeout(current.closing);
  current.users++;
  let released = false;
  return {
    hub: current.hub,
    sender: current.sender,
    release() {
      if (released) return;
      released = true;
      if (--current.users > 0) return;
      current.closing = setTimeout(() => {
        if (current.users > 0) return;
        if (shared === current) shared = null;
        void current.hub.stop();
      }, LINGER_MS);
    },
  };
}

/**
 * Sends segments left from an earlier visit (a closed tab, a lost connection) without waiting
 * for the next hosted video: the connection opens, flushes and closes after its linger.
 */
export function sendLeftoverStats(): void {
  if (pendingQueue<WatchStat>(PENDING_STATS_KEY).size() === 0) return;
  acquireStatsHub().release();
}
