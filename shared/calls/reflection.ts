import { z } from 'zod';
import type { ListAnswer } from '../account';
import { defineCalls, returns } from '../http/call';
import { REFLECTION_TEXT_MAX } from './study/survey';

/**
 * Reflection questions of an exercise, authored by instructors (spec 2 §6 "Survey reflection":
 * a required value, a minimum of characters for a text answer, a maximum of options chosen), and
 * what the students of a course said: feedback and reflection answers, per exercise. Spec 3 names
 * only DELETE /api/reflection/questions/{id} (shared/calls/questions.ts); the rest are in its style
 * (docs/decisions/authoring.md, running-a-course.md). Server: server/modules/reflection. Client: src/resources/reflection.
 */

export const REFLECTION_QUESTION_MAX = 1000;
export const REFLECTION_OPTION_MAX = 500;
export const REFLECTION_OPTIONS_MAX = 20;

const int = (min: number, max: number) => z.number('validation.invalidType').int('validation.invalidType').min(min, 'validation.tooSmall').max(max, 'validation.tooBig');

/**
 * A question as the instructor writes it. A text question takes a minimum of characters and no
 * options; a choice question 2–20 options and a maximum of options chosen (at most their number).
 * Options keep their ids across edits (answers name them); a new option comes without one.
 */
export const reflectionQuestionInput = z
  .object({
    text: z.string('validation.required').trim().min(1, 'validation.required').max(REFLECTION_QUESTION_MAX, 'validation.tooLong'),
    answerKind: z.enum(['text', 'choice'], 'validation.invalid'),
    required: z.boolean('validation.invalidType').default(false),
    minChars: int(1, REFLECTION_TEXT_MAX).nullish(),
    maxAnswers: int(1, REFLECTION_OPTIONS_MAX).nullish(),
    options: z
      .array(z.object({ id: int(1, 1_000_000).nullish(), text: z.string('validation.required').trim().min(1, 'validation.required').max(REFLECTION_OPTION_MAX, 'validation.tooLong') }))
      .max(REFLECTION_OPTIONS_MAX, 'validation.tooBig')
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.answerKind === 'text') {
      if (v.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'reflection.noOptionsForText' });
      if (v.maxAnswers != null) ctx.addIssue({ code: 'custom', path: ['maxAnswers'], message: 'reflection.maxAnswersForChoice' });
    } else {
      if (v.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'reflection.optionsTooFew' });
      if (v.minChars != null) ctx.addIssue({ code: 'custom', path: ['minChars'], message: 'reflection.minCharsForText' });
      if (v.maxAnswers != null && v.maxAnswers > v.options.length) ctx.addIssue({ code: 'custom', path: ['maxAnswers'], message: 'reflection.maxAnswersOverOptions' });
    }
    const ids = v.options.map((o) => o.id).filter((id): id is number => id != null);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'reflection.optionTwice' });
  });
export type ReflectionQuestionInput = z.input<typeof reflectionQuestionInput>;

export interface ReflectionQuestionRecord {
  id: number;
  exerciseId: number;
  text: string;
  answerKind: 'text' | 'choice';
  required: boolean;
  minChars: number | null;
  maxAnswers: number | null;
  options: { id: number; text: string }[];
  sequence: number;
  /** answers given so far (in every course) */
  answers: number;
}

export const reorderInput = z.object({ ids: z.array(int(1, 2_147_483_647)).min(1, 'validation.required').max(500, 'validation.tooBig') });

/** An exercise of the course with what its students said. */
export interface ExerciseFeedbackSummary {
  exerciseId: number;
  label: string;
  lessonId: number;
  lessonLabel: string;
  feedbackEnabled: boolean;
  feedback: number;
  /** mean rating 1..5, null without feedback */
  averageRating: number | null;
  questions: number;
  /** students who answered the reflection survey */
  reflections: number;
}

/** One student's feedback and reflection answers on an exercise. */
export interface StudentFeedbackRow {
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  rating: number | null;
  text: string | null;
  feedbackAt: string | null;
  /** per question id: the text, or the chosen options' texts */
  answers: Record<string, { text?: string; options?: string[] }>;
}

export interface ExerciseFeedback extends ListAnswer<StudentFeedbackRow> {
  exercise: { id: number; label: string; feedbackEnabled: boolean };
  questions: { id: number; text: string; answerKind: 'text' | 'choice' }[];
}

export const feedbackListQuery = z.object({
  take: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(200, 'validation.tooBig').default(50),
  skip: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(10_000_000, 'validation.tooBig').default(0),
});

const Q = '/api/reflection';
/** authoring: the slides' rule (reflection questions are asked in the player like slides) */
const authoring = 'slides';
/** reading what the students said: their journal (ShowStudents; panel permission 2) */
const reading = { rule: 'showStudents', course: { action: 'journal' } } as const;

export const reflectionCalls = defineCalls('reflection', {
  list: { method: 'GET', path: `${Q}/exercises/{exerciseId}/questions`, rule: authoring, response: returns<ReflectionQuestionRecord[]>() },
  create: { method: 'POST', path: `${Q}/exercises/{exerciseId}/questions`, rule: authoring, body: reflectionQuestionInput, response: returns<ReflectionQuestionRecord>() },
  update: { method: 'PUT', path: `${Q}/questions/{id}`, rule: authoring, body: reflectionQuestionInput, response: returns<ReflectionQuestionRecord>() },
  reorder: { method: 'PUT', path: `${Q}/exercises/{exerciseId}/questions/Reorder`, rule: authoring, body: reorderInput, response: returns<ReflectionQuestionRecord[]>() },
  courseFeedback: { method: 'GET', path: '/api/instructors/trainings/{courseId}/feedback', ...reading, response: returns<ExerciseFeedbackSummary[]>() },
  exerciseFeedback: {
    method: 'GET',
    path: '/api/instructors/trainings/{courseId}/exercises/{exerciseId}/feedback',
    ...reading,
    query: feedbackListQuery,
    response: returns<ExerciseFeedback>(),
  },
});
