import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ContentKind } from '../../shared/enums.js';
import { slides, watchSegments } from '../db/schema/index.js';
import { ownAttempt } from '../modules/study/attempts.js';
import { loadNotFound, studyContext } from '../modules/study/context.js';
import { AppError } from '../errors.js';
import { HubError, type HubDefinition } from './hub-server.js';

/** Slides whose watch time is measured: hosted video (spec 1 §2.3). */
const TIMED_KIND = ContentKind.hostedVideo;
/** How far past the slide's stated duration a segment may end (player rounding, metadata drift). */
export const DURATION_SLACK_SECONDS = 5;
/** No video in a course runs longer than a day; larger seconds are a broken client. */
const MAX_SECOND = 86_400;
/** The fastest playback the player offers (the browser's own controls go up to 2×). */
export const MAX_PLAYBACK_RATE = 2;
/** Allowance on the server clock for rounding, latency and the segment still being closed. */
export const CLOCK_SLACK_SECONDS = 30;

const id = z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]).transform(String);
const second = z.number().finite().min(0).max(MAX_SECOND);
const segment = z
  .object({ courseId: id, exerciseId: id, slideId: id, sessionId: id, start: second, end: second })
  .refine((s) => s.end > s.start);

const invalid = () => new HubError('Invalid segment');
const notFound = () => new HubError('Not found');

/**
 * Watch time of video slides (spec 3 §7.4 "stats path, call SaveStats": courseId,
 * exerciseId, slideId, sessionId, start second, end second). The caller is a student
 * enrolled and studying in the course; the slide is a hosted-video slide of the exercise, the
 * exercise one of the course's program, the session the caller's own attempt of it. The
 * server clock bounds what may be claimed: the attempt's segments together cannot exceed
 * the time since it started at the fastest playback rate (plus a small slack), so watch time
 * is neither invented in advance nor back-dated before the attempt. Segments still arrive
 * late from the browser's queue (offline, a closed tab): that time has passed too. The
 * segment is stored before the call is acknowledged (ARCHITECTURE "Realtime": persist
 * first); anything refused stores nothing.
 */
export const statsHub: HubDefinition = {
  path: '/hubs/stats',
  rule: 'student',
  methods: {
    async SaveStats({ connection, app }, courseId, exerciseId, slideId, sessionId, start, end) {
      const parsed = segment.safeParse({ courseId, exerciseId, slideId, sessionId, start, end });
      if (!parsed.success) throw invalid();
      const s = parsed.data;
      // the course and exercise checks answer AppError; the hub caller sees its own short reason
      const ctx = await studyContext(app.db, connection.user, s.courseId, s.exerciseId, loadNotFound).catch((err: unknown) => {
        throw err instanceof AppError ? notFound() : err;
      });
      const [slide] = await app.db
        .select({ id: slides.id, duration: slides.duration })
        .from(slides)
        .where(and(eq(slides.id, Number(s.slideId)), eq(slides.exerciseId, ctx.exercise.id), eq(slides.contentKind, TIMED_KIND)))
        .limit(1);
      if (!slide) throw notFound();
      if (slide.duration && s.end > slide.duration + DURATION_SLACK_SECONDS) throw invalid();
      const attempt = await ownAttempt(app.db, ctx, s.sessionId, notFound);
      const [{ watched }] = await app.db
        .select({ watched: sql<number>`coalesce(sum(${watchSegments.endSecond} - ${watchSegments.startSecond}), 0)::float` })
        .from(watchSegments)
        .where(eq(watchSegments.attemptId, attempt.id));
      const elapsed = (Date.now() - attempt.startedAt.getTime()) / 1000;
      if (Number(watched) + (s.end - s.start) > elapsed * MAX_PLAYBACK_RATE + CLOCK_SLACK_SECONDS) throw invalid();
      await app.db.insert(watchSegments).values({
        accountId: connection.user.accountId,
        courseId: ctx.course.id,
        exerciseId: ctx.exercise.id,
        slideId: slide.id,
        attemptId: attempt.id,
        startSecond: s.start,
        endSecond: s.end,
      });
      return true;
    },
  },
};
