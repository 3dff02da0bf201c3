import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_HUB, ANSWERS_CHANGED } from '../../../shared/calls/analytics.js';
import { onAnswerSaved } from '../../events/answers.js';
import { rowsOf } from '../../db/rows.js';

/** At most one push per course in this time: an exam's storm of saves becomes one light signal a second. */
export const LIVE_THROTTLE_MS = 1000;
/**
 * …and this during a storm of the course's saves (STORM_SAVES in one period): each push costs the
 * page a refetch, a recomputation of the exam's answers that holds PGlite (and so the saves) for
 * its time. 1.5 s keeps the page's lag p95 under 2 s (tests/bench/live-storm.mjs; docs/benchmarks.md
 * "Live typical errors").
 */
export const LIVE_STORM_THROTTLE_MS = 1500;
export const STORM_SAVES = 50;

/**
 * After answers of a course are saved, tells the course's staff (its creator, its instructors,
 * tutors and moderators, and Root) with a page on /hubs/analytics: `AnswersChanged(courseId)`.
 * The signal carries no data: the page refetches through the guarded call. The first save of a
 * quiet course starts a timer; saves meanwhile join it; staff are read when it fires. After a
 * period with a storm of saves the next period is longer (LIVE_STORM_THROTTLE_MS).
 */
export function followAnswers(app: FastifyInstance): void {
  const waiting = new Map<number, { timer: NodeJS.Timeout; saves: number }>();
  /** courses whose last period had a storm of saves: their next one is longer */
  const storming = new Set<number>();
  onAnswerSaved(app.db, 'analytics.live', ({ courseId }) => {
    const period = waiting.get(courseId);
    if (period) return void period.saves++;
    const timer = setTimeout(() => {
      if ((waiting.get(courseId)?.saves ?? 0) >= STORM_SAVES) storming.add(courseId);
      else storming.delete(courseId);
      waiting.delete(courseId);
      push(courseId).catch((err: unknown) => app.log.warn({ err, courseId }, 'analytics push failed'));
    }, storming.has(courseId) ? LIVE_STORM_THROTTLE_MS : LIVE_THROTTLE_MS);
    timer.unref();
    waiting.set(courseId, { timer, saves: 1 });
  });
  app.addHook('onClose', async () => {
    for (const p of waiting.values()) clearTimeout(p.timer);
    waiting.clear();
  });

  async function push(courseId: number): Promise<void> {
    if (!app.hubs) return;
    const staff = rowsOf<{ id: number }>(
      await app.db.execute(sql`select c."created_by" as "id" from "courses" c where c."id" = ${courseId} and c."created_by" is not null
        union select ci."account_id" from "course_instructors" ci where ci."course_id" = ${courseId}
        union select a."id" from "accounts" a where a."role" = 'Root'`),
    ).map((r) => Number(r.id));
    const online = await app.hubs.connectedAccounts(ANALYTICS_HUB, staff);
    for (const id of online) app.hubs.sendToAccount(ANALYTICS_HUB, id, ANSWERS_CHANGED, courseId);
  }
}
