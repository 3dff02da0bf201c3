import { z } from 'zod';
import { QuestionAnswerKind } from '../enums';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';

/**
 * Answer analytics of a course (spec 3 §7.10 "Analytics"): typical errors per question and the
 * answers and questions exports through the task queue. The spec names the calls and their
 * parameters only; what they hold follows Moodle's quiz statistics (docs/decisions in
 * NOTES-insight-analytics.md). The exports are GET in the spec and queue a task like the
 * journal export: they answer `{ taskId }` and the file is downloaded from the task queue.
 */

const positiveId = z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig);
/** Repeated (`?x=1&x=2`) or comma-separated values. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(item).max(max, m.tooBig).optional());
const isoDate = z
  .string(m.type)
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'validation.invalid')
  .optional();

/** Question kinds that are analysed and exported: choice, free, matching, sequence, code, file. */
export const ANALYSED_KINDS = [QuestionAnswerKind.answers, QuestionAnswerKind.free, QuestionAnswerKind.matching, QuestionAnswerKind.sequence, QuestionAnswerKind.code, QuestionAnswerKind.file] as const;
export type AnalysedKind = (typeof ANALYSED_KINDS)[number];
const kindCode = z.coerce
  .number(m.type)
  .int(m.type)
  .refine((v) => (ANALYSED_KINDS as readonly number[]).includes(v), 'validation.invalid');

/** Typical errors' filters: the spec's GroupId, narrowed by lesson or exercise (ELP's additions). */
export const typicalErrorsQuery = z.object({
  GroupId: positiveId.optional(),
  lessonId: positiveId.optional(),
  exerciseId: positiveId.optional(),
});
export type TypicalErrorsQuery = z.infer<typeof typicalErrorsQuery>;

/** The most chosen or written wrong answer: its text and how many answers gave it. */
export interface WrongAnswer {
  text: string;
  count: number;
}

export interface QuestionStats {
  slideId: number;
  label: string;
  kind: AnalysedKind;
  lessonId: number;
  lessonLabel: string;
  exerciseId: number;
  exerciseLabel: string;
  maxScore: number;
  /** answers counted: each student's latest attempt of the exercise */
  answers: number;
  right: number;
  /** a score above zero and below the maximum */
  partly: number;
  wrong: number;
  /** waiting for an instructor's evaluation (free text without correct values, files) */
  notRated: number;
  /** 0..1, mean score / maximum (null without rated answers) */
  facility: number | null;
  /** -1..1, correlation of the question's score with the rest of the attempt (null when undefined) */
  discrimination: number | null;
  /** the most chosen wrong options, pairs or orders, or the most frequent wrong free answers (5 at most) */
  wrongAnswers: WrongAnswer[];
}

export interface TypicalErrors {
  questions: QuestionStats[];
  /** attempts counted (students × exercises) */
  attempts: number;
  /** when computed (ISO) */
  at: string;
}

/** The answers export: the students' attributes chosen as columns. */
export const answersExportQuery = z.object({ attributeIds: listOf(positiveId, 50) });
/** The questions export: kinds of questions and the period of the answers. */
export const questionsExportQuery = z
  .object({ types: listOf(kindCode, 10), begin: isoDate, end: isoDate })
  .refine((q) => !q.begin || !q.end || Date.parse(q.begin) <= Date.parse(q.end), { message: 'validation.invalid', path: ['end'] });
export type QuestionsExportFilter = z.infer<typeof questionsExportQuery>;

export interface QueuedExport {
  taskId: number;
}

/** The live hub of the typical errors page: the server calls ANSWERS_CHANGED(courseId) when answers of the course were saved. */
export const ANALYTICS_HUB = '/hubs/analytics';
export const ANSWERS_CHANGED = 'AnswersChanged';

const A = '/api/instructors/analytics';
const course = { action: 'journal' } as const;
const exportCall = <P extends string, Q extends z.ZodType>(path: P, query: Q, summary: string) =>
  ({ method: 'GET', path, rule: 'studentActions', course, query, response: returns<QueuedExport>(), summary }) as const;

export const analyticsCalls = defineCalls('analytics', {
  typicalErrors: {
    method: 'GET',
    path: `${A}/Trainings/{courseId}/TypicalErrors`,
    rule: 'studentActions',
    course,
    query: typicalErrorsQuery,
    response: returns<TypicalErrors>(),
    summary: 'Per question of a course: right, partly, wrong; the most given wrong answers; facility and discrimination',
  },
  answersExportCourse: exportCall(`${A}/answers/export/training/{courseId}`, answersExportQuery, "Queues the xlsx of the course's answers (one row per answer, chosen attributes as columns)"),
  answersExportLesson: exportCall(`${A}/answers/export/training/{courseId}/lesson/{lessonId}`, answersExportQuery, "Queues the xlsx of a lesson's answers"),
  answersExportExercise: exportCall(`${A}/answers/export/training/{courseId}/exercise/{exerciseId}`, answersExportQuery, "Queues the xlsx of an exercise's answers"),
  questionTypes: {
    method: 'GET',
    path: `${A}/questions/export/types`,
    rule: 'studentActions',
    response: returns<{ id: AnalysedKind; label: string }[]>(),
    summary: 'The question kinds the questions export can be narrowed to',
  },
  questionsExportCourse: exportCall(`${A}/questions/export/trainings/{courseId}`, questionsExportQuery, "Queues the xlsx of the course's question statistics"),
  questionsExportLesson: exportCall(`${A}/questions/export/trainings/{courseId}/lesson/{lessonId}`, questionsExportQuery, "Queues the xlsx of a lesson's question statistics"),
  questionsExportExercise: exportCall(`${A}/questions/export/trainings/{courseId}/lesson/{lessonId}/exercise/{exerciseId}`, questionsExportQuery, "Queues the xlsx of an exercise's question statistics"),
});
