import type { PlayerPage } from '../../../shared/calls/study/pages';

/**
 * Slide navigation of the player (spec 2 §5): the URL carries the step ('start', a slide id,
 * 'end'); from start to the first slide, after the last slide to 'end'.
 */
export type Step = 'start' | 'end' | number;

export const stepPath = (courseId: string | number, lessonId: string | number, exerciseId: string | number, step: Step) =>
  `/my-courses/course/${courseId}/${lessonId}/${exerciseId}/${step}`;

/** The URL's slideId as a step; anything else is not a step (null: not found). */
export function parseStep(raw: string | undefined): Step | null {
  if (raw === 'start' || raw === 'end') return raw;
  if (raw && /^\d{1,10}$/.test(raw)) return Number(raw);
  return null;
}

/** Where Continue leads from the start page: the slide the attempt stopped at, else the first one. */
export function resumeStep(page: Extract<PlayerPage, { slideId: 'start' }>): Step {
  const current = page.currentSlideId;
  if (current !== null && page.slides.some((s) => s.id === current)) return current;
  return page.next;
}

/** The counter "N / M" of a slide page. */
export const counterText = (number: number, total: number) => `${number} / ${total}`;

/** Slide numbers the server reported as answered, with local acknowledgements added. */
export function answeredIds(page: PlayerPage, local: ReadonlySet<number>): Set<number> {
  return new Set([...page.slides.filter((s) => s.answered).map((s) => s.id), ...local]);
}
