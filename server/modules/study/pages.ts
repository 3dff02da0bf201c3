import { and, asc, eq } from 'drizzle-orm';
import { slideRouteTypeOfContentKind } from '../../../shared/enums.js';
import type { PlayerPage } from '../../../shared/calls/study/pages.js';
import type { SlideRecord } from '../../../shared/slides.js';
import type { Db } from '../../db/client.js';
import { answers, attempts, slides } from '../../db/schema/index.js';
import { listSlides } from '../slides/service.js';
import { previewSlide } from '../slides/preview.js';
import { isPastDeadline, latestAttempt, ownAttempt, startOrResume, timing, type AttemptRow } from './attempts.js';
import { loadNotFound, type StudyContext } from './context.js';
import { unansweredRequired } from './finish.js';
import { closeAttempt } from './close.js';
import { startOutline } from './hotCache.js';

/**
 * Slide load (POST .../Pages, body { slideId: 'start' | 'end' | id, sessionId? }; shared/calls/study/pages.ts):
 * 'start' starts or resumes the attempt and returns the slide list; 'end' tells which
 * required questions are still unanswered; an id returns the slide as a student sees it
 * (never the correct answers) with the student's saved answer and the neighbours. A load naming
 * an attempt that a retake discarded answers with the current attempt (its `sessionId` says so).
 */
export async function loadPage(db: Db, ctx: StudyContext, slideId: string, attemptId: unknown, now = new Date(), prefetch = false): Promise<PlayerPage> {
  let attempt: AttemptRow | null;
  let started = false;
  if (slideId === 'start') {
    ({ attempt, started } = await startOrResume(db, ctx, now));
  } else if (attemptId !== undefined && attemptId !== null && attemptId !== '') {
    attempt = await ownAttempt(db, ctx, attemptId, loadNotFound);
    // a retake discarded it (in another tab, or the player still names the attempt it had): the
    // retake's attempt answers, so the student never lands on the old one, read-only
    if (attempt.status === 'discarded') attempt = await latestAttempt(db, ctx);
  } else {
    attempt = await latestAttempt(db, ctx);
  }
  if (!attempt) throw loadNotFound();
  if (attempt.status === 'in_progress' && isPastDeadline(attempt, now)) {
    await closeAttempt(db, ctx, attempt, 'expired', now);
    [attempt] = await db.select().from(attempts).where(eq(attempts.id, attempt.id));
  }
  // the start and end pages need only the outline of the slides: one query, not the full records
  const list =
    slideId === 'start'
      ? await startOutline(db, ctx.exercise.id, () => slideOutline(db, ctx.exercise.id))
      : slideId === 'end'
        ? await slideOutline(db, ctx.exercise.id)
        : await listSlides(db, ctx.exercise.id);
  // an attempt started by this call has no answers yet
  const saved = started ? [] : await db.select({ slideId: answers.slideId, value: answers.value, savedAt: answers.savedAt }).from(answers).where(eq(answers.attemptId, attempt.id));
  const answered = new Map(saved.map((s) => [s.slideId, s]));
  const everyStep = {
    sessionId: attempt.id,
    attemptNo: attempt.attemptNo,
    status: attempt.status,
    readOnly: attempt.status !== 'in_progress',
    ...timing(attempt, now),
    exercise: { id: ctx.exercise.id, label: ctx.exercise.label, kind: ctx.exercise.kind, exerciseType: ctx.exercise.exerciseType, timeLimitSeconds: ctx.exercise.timeLimitSeconds, lessonId: ctx.exercise.lessonId },
    slides: list.map((s, i) => ({ id: s.id, number: i + 1, label: s.label, type: s.type, required: s.required, answered: answered.has(s.id) })),
    total: list.length,
  };
  if (slideId === 'start') {
    return { ...everyStep, slideId: 'start' as const, next: list[0]?.id ?? 'end', currentSlideId: attempt.currentSlideId };
  }
  if (slideId === 'end') {
    const missing = attempt.status === 'in_progress' ? await unansweredRequired(db, attempt) : [];
    return { ...everyStep, slideId: 'end' as const, pendingFinish: attempt.status === 'in_progress', unansweredSlideIds: missing, previous: list.at(-1)?.id ?? 'start' };
  }
  if (!/^\d{1,10}$/.test(slideId)) throw loadNotFound();
  const index = list.findIndex((s) => s.id === Number(slideId));
  if (index < 0) throw loadNotFound();
  const record = list[index] as SlideRecord;
  // a step loaded ahead for the device (issue 31) is not where the student is
  if (attempt.status === 'in_progress' && !prefetch) {
    await db.update(attempts).set({ currentSlideId: record.id }).where(and(eq(attempts.id, attempt.id), eq(attempts.status, 'in_progress')));
  }
  const view = await previewSlide(db, record, String(attempt.id));
  const [row] = await db.select({ isReadOnly: slides.isReadOnly }).from(slides).where(eq(slides.id, record.id));
  return {
    ...everyStep,
    slideId: record.id,
    number: index + 1,
    previous: index === 0 ? 'start' : list[index - 1].id,
    next: index === list.length - 1 ? 'end' : list[index + 1].id,
    onlyForReading: row?.isReadOnly ?? false,
    slide: view.slide,
    content: view.content,
    answer: answered.get(record.id)?.value ?? null,
  };
}

/** The exercise's slides in order with what the start and end pages show of them (as `listSlides` gives them). */
async function slideOutline(db: Db, exerciseId: number) {
  const rows = await db
    .select({ id: slides.id, label: slides.label, contentKind: slides.contentKind, required: slides.required })
    .from(slides)
    .where(eq(slides.exerciseId, exerciseId))
    .orderBy(asc(slides.sequence), asc(slides.id));
  return rows.map((r) => {
    const type = slideRouteTypeOfContentKind(r.contentKind);
    if (!type) throw new Error(`slide ${r.id} has an unknown content kind ${r.contentKind}`);
    return { id: r.id, label: r.label, type, required: r.required };
  });
}
