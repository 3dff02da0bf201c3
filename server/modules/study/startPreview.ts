import { and, eq, sql } from 'drizzle-orm';
import type { PlayerPage } from '../../../shared/calls/study/pages.js';
import type { Db } from '../../db/client.js';
import { attempts } from '../../db/schema/index.js';
import { listSlides } from '../slides/service.js';
import { latestAttempt } from './attempts.js';
import type { StudyContext } from './context.js';
import { loadPage } from './pages.js';
import { iso } from './wire.js';

/**
 * The hello page without starting the clock (POST .../Pages { slideId: 'start', preview: true }):
 * with an attempt (in progress or over) the same answer as a plain 'start' load, which then only
 * resumes it (an attempt past its deadline is closed there as before); with none, the same shape
 * for the attempt that Start will create — no session, status 'not_started', the full time limit.
 */
export async function previewStart(db: Db, ctx: StudyContext, now = new Date()): Promise<PlayerPage> {
  if (await latestAttempt(db, ctx)) return loadPage(db, ctx, 'start', undefined, now);
  return notStartedPage(db, ctx, now);
}

/**
 * A slide or the end step loaded with `preview` and without an attempt (its address typed or
 * reloaded, or a menu link followed, before Start): nothing to show there yet, so the hello
 * page's preview answers in its place and the player goes to it — instead of a 404 first.
 */
export async function previewInsteadOfStep(db: Db, ctx: StudyContext, sessionId: unknown): Promise<PlayerPage | null> {
  if (sessionId !== undefined && sessionId !== null && sessionId !== '') return null;
  return (await latestAttempt(db, ctx)) ? null : notStartedPage(db, ctx);
}

/** The hello page before the first attempt: the shape of the attempt Start will create. */
async function notStartedPage(db: Db, ctx: StudyContext, now = new Date()): Promise<PlayerPage> {
  const mine = and(eq(attempts.accountId, ctx.user.accountId), eq(attempts.courseId, ctx.course.id), eq(attempts.exerciseId, ctx.exercise.id));
  // numbered as createAttempt numbers it: after every earlier one, discarded included
  const [[{ n }], list] = await Promise.all([
    db.select({ n: sql<number>`coalesce(max(${attempts.attemptNo}), 0)::int` }).from(attempts).where(mine),
    listSlides(db, ctx.exercise.id),
  ]);
  const limit = ctx.exercise.timeLimitSeconds;
  return {
    sessionId: null,
    attemptNo: Number(n) + 1,
    status: 'not_started' as const,
    readOnly: false,
    startedAt: null,
    deadlineAt: null,
    serverTime: iso(now),
    secondsLeft: limit && limit > 0 ? limit : null,
    exercise: { id: ctx.exercise.id, label: ctx.exercise.label, kind: ctx.exercise.kind, exerciseType: ctx.exercise.exerciseType, timeLimitSeconds: ctx.exercise.timeLimitSeconds, lessonId: ctx.exercise.lessonId },
    slides: list.map((s, i) => ({ id: s.id, number: i + 1, label: s.label, type: s.type, required: s.required, answered: false })),
    total: list.length,
    slideId: 'start' as const,
    next: list[0]?.id ?? 'end',
    currentSlideId: null,
  };
}
