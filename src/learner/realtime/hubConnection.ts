import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';

/** Spec 3 §9: a lost connection is retried every 10 s; a failed first start every 5 s. */
export const RECONNECT_MS = 10_000;
export const START_RETRY_MS = 5_000;

/** connecting: the first start is under way; lost: it failed or the connection dropped. */
export type HubStatus = 'connecting' | 'connected' | 'lost';

export interface LiveHub {
  connection: HubConnection;
  status(): HubStatus;
  /** calls `listener` on every status change; returns the unsubscribe */
  subscribe(listener: (status: HubStatus) => void): () => void;
  stop(): Promise<void>;
}

/**
 * A connection to one of our hubs (same origin, the session cookie signs it in) that keeps
 * itself up: starts, retries the start, reconnects after a drop, and calls `onConnected`
 * each time it is (again) connected so that callers can send what waited.
 */
export function openHub(path: string, onConnected: () => void, build: (path: string) => HubConnection = defaultBuild): LiveHub {
  const connection = build(path);
  const listeners = new Set<(s: HubStatus) => void>();
  let status: HubStatus = 'connecting';
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: HubStatus) => {
    if (next === status) return;
    status = next;
    for (const l of listeners) l(next);
  };
  const connected = () => {
    set('connected');
    onConnected();
  };
  const start = async () => {
    if (stopped) return;
    try {
      await connection.start();
      connected();
    } catch {
      if (stopped) return;
      set('lost');
      timer = setTimeout(() => void start(), START_RETRY_MS);
    }
  };
  // the browser knows it went offline long before the socket's server timeout (30 s) does
  const offline = () => set('lost');
  const online = () => {
    if (connection.state === HubConnectionState.Connected) connected();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  connection.onreconnecting(() => set('lost'));
  connection.onreconnected(connected);
  connection.onclose(() => {
    // automatic reconnection never gives up, so a close here is the server's: start anew
    if (stopped) return;
    set('lost');
    timer = setTimeout(() => void start(), RECONNECT_MS);
  });
  void start();
  return {
    connection,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      listeners.clear();
      if (connection.state !== HubConnectionState.Disconnected) await connection.stop();
    },
  };
}

function defaultBuild(path: string): HubConnection {
  // absolute, so the client resolves it outside a browser page too (tests render the shell in jsdom)
  return new HubConnectionBuilder()
    .withUrl(new URL(path, window.location.origin).toString())
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => RECONNECT_MS })
    .configureLogging(LogLevel.Warning)
    .build();
}
