import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_HUB, ANSWERS_CHANGED } from '../../../shared/calls/analytics.js';
import { onAnswerSaved } from '../../events/answers.js';
import { rowsOf } from '../../db/rows.js';

/** At most one push per course in this time: an exam's storm of saves becomes one light signal a second. */
export const LIVE_THROTTLE_MS = 1000;

/**
 * After answers of a course are saved, tells the course's staff (its creator, its instructors,
 * tutors and moderators, and Root) with a page on /hubs/analytics: `AnswersChanged(courseId)`.
 * The signal carries no data: the page refetches through the guarded call. The first save of a
 * quiet course starts a timer; saves meanwhile join it; staff are read when it fires.
 */
export function followAnswers(app: FastifyInstance): void {
  const waiting = new Map<number, NodeJS.Timeout>();
  onAnswerSaved(app.db, 'analytics.live', ({ courseId }) => {
    if (waiting.has(courseId)) return;
    const timer = setTimeout(() => {
      waiting.delete(courseId);
      push(courseId).catch((err: unknown) => app.log.warn({ err, courseId }, 'analytics push failed'));
    }, LIVE_THROTTLE_MS);
    timer.unref();
    waiting.set(courseId, timer);
  });
  app.addHook('onClose', async () => {
    for (const t of waiting.values()) clearTimeout(t);
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
