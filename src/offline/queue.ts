import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ANSWER_CLOCK_HEADERS } from '../../shared/http/answerClock';
import { IDEMPOTENCY_HEADER } from '../http/idempotency';
import { noteServerContact, SERVER_CONTACT_KEY, type ServerContact } from '../http/serverContact';
import { serverText, toHttpError } from '../http/errors';

/**
 * The offline exam's queue (issue 31): answers and finishes made without a connection are kept on
 * the device (IndexedDB), per account and attempt, and sent in the order they were made, each
 * exactly once, when the connection returns — also after the browser was closed and opened again.
 * Each write keeps the idempotency key it was given when it was made (src/http/idempotency.ts):
 * a resend after a lost answer or a reopen is a replay on the server (server/http/idempotency.ts),
 * not a second answer. Each carries the device's clock claim (the last server Date and the time
 * measured since), and the server decides whether it was made in time (answerClock.ts). Loaded
 * only when the player opens: nothing here is in a page's first load.
 */
export interface QueuedWrite {
  seq?: number;
  /** the account that made it: another account never sends or sees it */
  account: string;
  attemptId: number;
  slideId: number | null;
  what: 'answer' | 'finish';
  url: string;
  body: string | null;
  key: string;
  clock: { serverDate: string | null; elapsedMs: number | null; deviceTime: string };
  /** the server refused it (its message): kept to be shown, never sent again */
  refused?: string;
}

interface OfflineDb extends DBSchema {
  writes: { key: number; value: QueuedWrite; indexes: { account: string } };
}

let db: Promise<IDBPDatabase<OfflineDb>> | null = null;
const open = () =>
  (db ??= openDB<OfflineDb>('elp-offline', 1, {
    upgrade(d) {
      d.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true }).createIndex('account', 'account');
    },
  }));

/** The clock claim of a write made now: the last server contact and the time since, by the page's monotonic clock when it is the same page. */
export function clockClaimNow(): QueuedWrite['clock'] {
  const deviceTime = new Date().toISOString();
  try {
    const raw = localStorage.getItem(SERVER_CONTACT_KEY);
    const c = raw ? (JSON.parse(raw) as ServerContact) : null;
    if (!c) return { serverDate: null, elapsedMs: null, deviceTime };
    // another page (a reload, a reopened browser): measured from that page's start, by the wall clock
    const elapsed = c.origin === performance.timeOrigin ? performance.now() - c.at : performance.timeOrigin + performance.now() - (c.origin + c.at);
    return { serverDate: c.date, elapsedMs: Math.max(0, Math.round(elapsed)), deviceTime };
  } catch {
    return { serverDate: null, elapsedMs: null, deviceTime };
  }
}

type Listener = (event: { type: 'changed' } | { type: 'sent'; write: QueuedWrite; answer: unknown } | { type: 'refused'; write: QueuedWrite }) => void;
const listeners = new Set<Listener>();
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const emit: Listener = (e) => listeners.forEach((l) => l(e));

/** The account the player runs for (set when it opens): the only one whose writes are sent or shown. */
let current: string | null = null;

/** Keeps a write made without a connection; it is sent with the others, in order. */
export async function enqueue(write: Omit<QueuedWrite, 'seq' | 'account' | 'clock'>): Promise<void> {
  if (!current) throw new Error('the offline queue has no account');
  await (await open()).add('writes', { ...write, account: current, clock: clockClaimNow() });
  emit({ type: 'changed' });
  void flush();
}

/** The account's writes in the order they were made (waiting and refused). */
export async function writesOf(account: string | null = current): Promise<QueuedWrite[]> {
  if (!account || typeof indexedDB === 'undefined') return [];
  const rows = await (await open()).getAllFromIndex('writes', 'account', account);
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Whether a write of this attempt must wait in the queue: no connection, or earlier ones still waiting (their order is kept). */
export async function mustQueue(attemptId: number): Promise<boolean> {
  if (!navigator.onLine) return true;
  return (await writesOf()).some((w) => !w.refused && w.attemptId === attemptId);
}

/** A failed send that had no answer (no connection), as opposed to a refusal. */
export const noConnection = (e: unknown) => !(e as { status?: number } | null)?.status;

let flushing: Promise<void> | null = null;

/** Sends the current account's waiting writes in order; stops at the first that gets no definite answer. */
export function flush(): Promise<void> {
  return (flushing ??= sendAll().finally(() => (flushing = null)));
}

async function sendAll(): Promise<void> {
  const account = current;
  if (!account) return;
  for (const write of await writesOf(account)) {
    if (write.refused) continue;
    if (current !== account) return; // signed out meanwhile
    const headers: Record<string, string> = { Accept: 'application/json', [IDEMPOTENCY_HEADER]: write.key, [ANSWER_CLOCK_HEADERS.deviceTime]: write.clock.deviceTime };
    if (write.body !== null) headers['Content-Type'] = 'application/json';
    if (write.clock.serverDate) headers[ANSWER_CLOCK_HEADERS.serverDate] = write.clock.serverDate;
    if (write.clock.elapsedMs !== null) headers[ANSWER_CLOCK_HEADERS.elapsedMs] = String(write.clock.elapsedMs);
    let response: Response;
    try {
      response = await fetch(write.url, { method: 'POST', credentials: 'include', headers, body: write.body });
    } catch {
      return; // still no connection: the rest waits behind this one
    }
    noteServerContact(response.headers.get('date'));
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const d = await open();
    if (response.ok) {
      await d.delete('writes', write.seq!);
      emit({ type: 'sent', write, answer: json });
    } else if (response.status >= 500 || response.status === 409 || response.status === 401 || response.status === 429) {
      return; // no definite answer yet (or signed out by the server): tried again later with the same key
    } else {
      const refused = { ...write, refused: serverText(toHttpError(response.status, response.statusText, json)) ?? `HTTP ${response.status}` };
      await d.put('writes', refused);
      emit({ type: 'refused', write: refused });
    }
    emit({ type: 'changed' });
  }
}

let started = false;
/** The player opened for this account: its waiting writes are sent now, when the connection returns, and every 20 s while some wait. */
export function startQueue(account: string): void {
  // no IndexedDB (a private mode that refuses it, a test's DOM): saves go to the server as before
  if (typeof indexedDB === 'undefined') return;
  current = account;
  if (!started) {
    started = true;
    window.addEventListener('online', () => void flush());
    // `online` is not always told (a captive portal, a flaky radio): try again now and then
    setInterval(() => void writesOf().then((w) => (w.some((x) => !x.refused) ? flush() : undefined)), 20_000);
  }
  void flush();
}

/**
 * Whether writes can be kept on the device for the signed-in account: the queue starts with the
 * player's offline wiring once the page is idle (./register.ts); a save or finish before that (just
 * after a reload without a connection) starts it here.
 */
export function queueReady(account: number | null): boolean {
  if (current === null && account !== null) startQueue(String(account));
  return current !== null;
}

/** Signing out: the account's writes are deleted from the device (the caller asked first if some were waiting). */
export async function forgetAccount(account: string): Promise<void> {
  const d = await open();
  for (const w of await writesOf(account)) await d.delete('writes', w.seq!);
  if (current === account) current = null;
  emit({ type: 'changed' });
}
