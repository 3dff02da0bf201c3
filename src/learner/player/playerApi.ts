import { errorCodeOf } from '../api';
import type { Step } from './navigation';

/**
 * The player's calls (spec 3 §7.4) and the client shapes of those the types.ts contract
 * does not cover: feedback, reflection survey, competencies, next exercise.
 */
const exercise = (courseId: string, exerciseId: string) => `/api/Trainings/${courseId}/Exercises/${exerciseId}`;

export const playerUrls = {
  pages: (c: string, e: string) => `${exercise(c, e)}/Pages`,
  finish: (c: string, e: string) => `/api/trainings/${c}/exercises/${e}/finish`,
  restart: (c: string, e: string) => `/api/trainings/${c}/exercises/${e}/restart`,
  next: (c: string, e: string) => `/api/trainings/${c}/exercises/${e}/NextExercise`,
  competencies: (c: string, e: string) => `/api/trainings/${c}/exercises/${e}/competencies`,
  feedback: (c: string, e: string) => `/api/Trainings/${c}/exercises/${e}/feedback`,
  feedbackSave: (c: string, e: string) => `/api/Trainings/${c}/exercises/${e}/feedback/save`,
  reflection: (c: string, e: string) => `/api/Training/${c}/exercise/${e}/reflectionQuestion`,
  reflectionAnswers: (c: string, e: string) => `/api/Training/${c}/exercise/${e}/reflectionAnswers`,
};

/** A step's load; the hello page only previews (the attempt and its clock start on Start: `startBody`). */
export const pagesBody = (step: Step, sessionId: number | null) =>
  step === 'start' ? { slideId: 'start', preview: true } : { slideId: String(step), ...(sessionId ? { sessionId } : {}) };
export const startBody = { slideId: 'start' } as const;

export interface NextExercise { trainingId: number; lessonId: number; exerciseId: number; label: string }
export interface Competency { id: number; name: string; weight: number; value: number | null }
export interface Feedback { rating: number; text?: string | null }

export interface ReflectionQuestion {
  id: number;
  text: string;
  answerKind: 'text' | 'choice';
  required: boolean;
  minChars: number | null;
  maxAnswers: number | null;
  options: { id: number; text: string }[];
}
export interface Reflection { questions: ReflectionQuestion[]; answered: boolean }
export type ReflectionAnswer = { questionId: number; text: string } | { questionId: number; optionIds: number[] };

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
