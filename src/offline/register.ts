import { Workbox } from 'workbox-window';
import { accountCalls } from '../../shared/calls/account';
import { freeQuestionCalls } from '../../shared/calls/questions';
import { slideCalls, type PlayerPage } from '../../shared/calls/study/pages';
import { callUrl } from '../http/client';
import { startQueue } from './queue';

/**
 * The player opened (issue 31): the offline exam's service worker is registered (src/offline/sw.ts;
 * only here, so the other pages and their tests run without one), the device's waiting answers
 * of this account are sent, and an attempt in progress has all its steps loaded once through the
 * worker, which keeps them: a reload or a move to another step then works without a network.
 * Imported lazily by the player: none of it is in the first load.
 */
let registered: Promise<void> | null = null;
const prefetched = new Set<number>();

function register(): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  return (registered ??= new Workbox('/sw.js', { scope: '/' })
    .register()
    .then(() => navigator.serviceWorker.ready)
    .then(() => controlled())
    .catch(() => undefined));
}

/** The worker answers this page's requests (it claims the open pages when it activates). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    setTimeout(resolve, 5000);
  });
}

export async function openOffline({ account, courseId, exerciseId, page }: { account: string; courseId: string; exerciseId: string; page: PlayerPage }): Promise<void> {
  startQueue(account);
  // without service workers (an old browser, a test's DOM) nothing would keep the steps
  if (!('serviceWorker' in navigator)) return;
  await register();
  if (!page.sessionId || page.status !== 'in_progress' || prefetched.has(page.sessionId) || !navigator.onLine) return;
  prefetched.add(page.sessionId);
  // the reads a reload needs before the step (the account) and the question forms make (the free
  // answer's input types), made once through the worker so it keeps them
  for (const read of [accountCalls.currentState, freeQuestionCalls.types]) {
    await fetch(callUrl(read), { credentials: 'include', headers: { Accept: 'application/json' } }).catch(() => undefined);
  }
  const url = callUrl(slideCalls.load, { params: { courseId, exerciseId } });
  const media = new Set<string>();
  // one at a time: the attempt's steps are a handful of small answers, the exam's own loads come first
  for (const step of [...page.slides.map((s) => String(s.id)), 'end']) {
    const text = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ slideId: step, sessionId: page.sessionId, prefetch: true }),
    })
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    for (const file of mediaUrlsOf(text)) media.add(file);
  }
  // the files the steps show (pictures, documents), loaded once through the worker, which keeps them
  for (const file of [...media].slice(0, MAX_MEDIA)) await fetch(file, { credentials: 'include' }).catch(() => undefined);
}

/** at most this many of an attempt's files are kept ahead (the worker's media cache holds 100) */
const MAX_MEDIA = 50;

/**
 * The app's own file and picture addresses in a step's answer (its JSON text: picture and document
 * fields, and the `src`/`href` inside its HTML; not another site's), in order, each once.
 */
export function mediaUrlsOf(stepJson: string): string[] {
  const found = stepJson.replace(/\\\//g, '/').match(/(?<=["'(=])\/(?:api\/)?(?:files|pictures)\/[^"'\s<>()\\]+/g) ?? [];
  return [...new Set(found)];
}
