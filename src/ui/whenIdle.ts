/** How long after it is asked for the idle wait starts: the page's own loads and drawing come first. */
const AFTER_MS = 3_000;

/**
 * Resolves a while later, once the main thread is idle: for work the page does not need to be
 * shown and used (the offline exam's worker, queue and prefetch took ~300 ms of blocking time from
 * the player's first slide on a throttled phone, Lighthouse: 86 → 91 deferred).
 */
export const whenIdle = (): Promise<void> =>
  new Promise((resolve) =>
    setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: AFTER_MS }) : resolve()), AFTER_MS),
  );
