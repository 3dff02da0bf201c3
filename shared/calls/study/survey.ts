import { z } from 'zod';
import { defineCalls, returns } from '../../http/call';
import { STUDY_TAG } from './pages';

/**
 * What the student says about an exercise after it (spec 3 §7.4): feedback (a rating and a
 * text) and the reflection survey. The server checks the bodies in its handler, after the
 * 404s, and answers a 400 titled with the call's own failure text.
 * Server: server/modules/study/feedback.ts, reflection.ts.
 */

export const FEEDBACK_TEXT_MAX = 2000;

/** Feedback's body; messages are the server's i18n keys. */
export const feedbackInput = z.object({
  rating: z.number({ message: 'feedback.rating' }).int('feedback.rating').min(1, 'feedback.rating').max(5, 'feedback.rating'),
  text: z.string().max(FEEDBACK_TEXT_MAX, 'feedback.textTooLong').nullish(),
});
export type FeedbackInput = z.input<typeof feedbackInput>;

/** The student's feedback on the exercise (none yet: rating and text null). */
export interface Feedback {
  rating: number | null;
  text?: string | null;
}

/**
 * Whether the exercise takes feedback, and the student's own so far: an exercise without a
 * feedback form answers `enabled: false` (not a 404 on every final page).
 */
export interface FeedbackState extends Feedback {
  enabled: boolean;
}

/** Longest free-text reflection answer (the textarea limit of the other free answers is 500; reflections get more room). */
export const REFLECTION_TEXT_MAX = 2000;

/** The reflection survey's body: answered questions only. */
export const reflectionInput = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.number().int().positive(),
        text: z.string().nullish(),
        optionIds: z.array(z.number().int()).nullish(),
      }),
    )
    .max(200),
});
export type ReflectionAnswer = { questionId: number; text: string } | { questionId: number; optionIds: number[] };

export interface ReflectionQuestion {
  id: number;
  text: string;
  answerKind: 'text' | 'choice';
  required: boolean;
  minChars: number | null;
  maxAnswers: number | null;
  options: { id: number; text: string }[];
  /** the student's earlier answer in this course */
  answer?: unknown;
}
/** `answered`: the student has already submitted the survey in this course. */
export interface Reflection {
  questions: ReflectionQuestion[];
  answered: boolean;
}

const FEEDBACK = '/api/Trainings/{courseId}/exercises/{exerciseId}/feedback';
const REFLECTION = '/api/Training/{courseId}/exercise/{exerciseId}';

export const surveyCalls = defineCalls(STUDY_TAG, {
  /** `enabled: false` when the exercise takes none (the player shows no form); rating null before the first */
  feedback: { method: 'GET', path: FEEDBACK, rule: 'student', response: returns<FeedbackState>() },
  saveFeedback: { method: 'POST', path: `${FEEDBACK}/save`, rule: 'student', body: feedbackInput, response: returns<{ message: string }>() },
  reflection: { method: 'GET', path: `${REFLECTION}/reflectionQuestion`, rule: 'student', response: returns<Reflection>() },
  saveReflection: { method: 'POST', path: `${REFLECTION}/reflectionAnswers`, rule: 'student', body: reflectionInput, response: returns<{ message: string }>() },
});
