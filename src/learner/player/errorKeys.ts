import { errorCodeOf } from '../../http/errors';

/** The player's failures as its texts say them (spec 3 §8.3, §8.4, §8.10). */
const statusOf = (e: unknown) => String((e as { status?: number } | null)?.status ?? '');

/** The exercise is locked for the student now (403.15, spec 3 §8.10 'exercise no access'). */
export const isNoAccess = (e: unknown) => errorCodeOf(e) === '403.15';

/** Slide load failures (spec 3 §8.4). */
export function loadErrorKey(e: unknown): string {
  if (isNoAccess(e)) return 'app.player.errors.noAccess';
  const s = statusOf(e);
  if (s === '401') return 'app.player.errors.loadUnauthorized';
  if (s === '404') return 'app.player.errors.loadNotFound';
  return 'app.player.errors.loadFailed';
}

/** Restart answers (spec 3 §8.3). */
export function restartErrorKey(e: unknown): string {
  const s = statusOf(e);
  if (s === '400') return 'app.player.restart.lecture';
  if (s === '401') return 'app.player.restart.exceeded';
  if (s === '404') return 'app.player.restart.notFound';
  return 'app.player.restart.failed';
}

/** Next exercise failures (spec 3 §8.4). */
export const nextErrorKey = (e: unknown) => (statusOf(e) === '404' ? 'app.player.final.nextNotFound' : 'app.player.final.nextFailed');

/** Finish: 400 SessionNotCompleted carries the unanswered required slides. */
export function unansweredOf(e: unknown): number[] | null {
  const err = e as { status?: number; body?: { ErrorCode?: unknown; unansweredSlideIds?: unknown } } | null;
  if (err?.status !== 400 || err.body?.ErrorCode !== 'SessionNotCompleted') return null;
  return Array.isArray(err.body.unansweredSlideIds) ? err.body.unansweredSlideIds.filter((x): x is number => typeof x === 'number') : [];
}
