// A student's study: attempts (API "Session"), answers, progress, evaluation, statistics, attendance.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AnswerCorrectness,
  AttemptStatus,
  ExerciseProgressStatus,
  QuestionAnswerKind,
} from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { bigId, createdAt, id, tstz, updatedAt } from './_columns.js';
import { exerciseCompetencies, exercises, lessons, slides } from './content.js';
import { courses } from './courses.js';
import { reflectionQuestions } from './questions.js';
import { files } from './system.js';

/** One student's pass through an exercise in a course (API "Session"). */
export const attempts = pgTable(
  'attempts',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    /** 1 for the first pass, +1 per retake */
    attemptNo: integer('attempt_no').notNull().default(1),
    status: text('status').$type<AttemptStatus>().notNull().default('in_progress'),
    startedAt: tstz('started_at').notNull().defaultNow(),
    /** startedAt + the exercise's time limit; null = no limit */
    deadlineAt: tstz('deadline_at'),
    finishedAt: tstz('finished_at'),
    /** slide the student is on (resume) */
    currentSlideId: integer('current_slide_id').references(() => slides.id, { onDelete: 'set null' }),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
  },
  (t) => [
    unique('attempts_no_uq').on(t.accountId, t.courseId, t.exerciseId, t.attemptNo),
    index('attempts_course_exercise_idx').on(t.courseId, t.exerciseId),
    index('attempts_account_idx').on(t.accountId),
  ],
);

/** A student's answer to a question slide within an attempt (one per slide, overwritten on save). */
export const answers = pgTable(
  'answers',
  {
    id: id(),
    attemptId: integer('attempt_id').notNull().references(() => attempts.id, { onDelete: 'cascade' }),
    slideId: integer('slide_id').notNull().references(() => slides.id, { onDelete: 'cascade' }),
    /** QuestionAnswerKind code */
    questionKind: integer('question_kind').$type<QuestionAnswerKind>().notNull(),
    /** shape per kind: { optionIds } | { value } | { optionTargets } | { itemIds } | { code } | { fileIds } | { attributes } */
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    /** AnswerCorrectness: incorrect 0, correct 1, not rated 2 */
    correctness: integer('correctness').$type<AnswerCorrectness>().notNull().default(2),
    score: doublePrecision('score'),
    /** file question: the uploaded file */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    savedAt: tstz('saved_at').notNull().defaultNow(),
    /**
     * An answer made without a connection and sent later (issue 31): when it was made by the
     * server's reckoning (answerClock.ts) and when it arrived; null for an answer sent at once.
     */
    answeredAt: tstz('answered_at'),
    receivedAt: tstz('received_at'),
  },
  (t) => [unique('answers_attempt_slide_uq').on(t.attemptId, t.slideId), index('answers_slide_idx').on(t.slideId)],
);

/** Progress of a student on an exercise in a course (the status shown everywhere). */
export const exerciseProgress = pgTable(
  'exercise_progress',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    /** ExerciseProgressStatus: 0, 1, 3, 4, 5 (2 unused) */
    status: integer('status').$type<ExerciseProgressStatus>().notNull().default(0),
    score: doublePrecision('score'),
    /** the SCORM package's result was failed (status 4 stays: the exercise is over; it does not count as completed) */
    failed: boolean('failed').notNull().default(false),
    /** retakes used (compare exercises.restartLimit) */
    restarts: integer('restarts').notNull().default(0),
    lastAttemptId: integer('last_attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('exercise_progress_uq').on(t.accountId, t.courseId, t.exerciseId),
    index('exercise_progress_course_status_idx').on(t.courseId, t.exerciseId, t.status),
  ],
);

/** Instructor's evaluation of an attempt (spec 2 §5): draft → evaluated → reverted (to evaluation) → evaluated … */
export const evaluations = pgTable(
  'evaluations',
  {
    id: id(),
    attemptId: integer('attempt_id').notNull().unique().references(() => attempts.id, { onDelete: 'cascade' }),
    evaluatorId: integer('evaluator_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** comment / review (sanitised HTML) */
    body: text('body').notNull().default(''),
    /** the attempt's total once evaluated (automatic scores plus the instructor's) */
    score: doublePrecision('score'),
    /** the instructor's points per manually checked answer, by slide id (kept while a draft) */
    answerScores: jsonb('answer_scores').$type<Record<string, number>>().notNull().default({}),
    /** 'draft' | 'evaluated' | 'reverted'; isDraft = not evaluated */
    status: text('status').$type<'draft' | 'evaluated' | 'reverted'>().notNull().default('draft'),
    isDraft: boolean('is_draft').notNull().default(true),
    evaluatedAt: tstz('evaluated_at'),
    revertedAt: tstz('reverted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('evaluations_evaluator_idx').on(t.evaluatorId)],
);

/** A student's feedback on an exercise (feedback/save). */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    rating: integer('rating'),
    text: text('text'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    unique('feedback_uq').on(t.accountId, t.courseId, t.exerciseId),
    index('feedback_course_exercise_idx').on(t.courseId, t.exerciseId),
  ],
);

/** Answer to a reflection question. */
export const reflectionAnswers = pgTable(
  'reflection_answers',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => reflectionQuestions.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    /** { text } or { optionIds } */
    value: jsonb('value').$type<{ text?: string; optionIds?: number[] }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('reflection_answers_uq').on(t.questionId, t.accountId, t.courseId)],
);

/** Watched segment of a video slide (SaveStats on the stats hub). */
export const watchSegments = pgTable(
  'watch_segments',
  {
    id: bigId(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    slideId: integer('slide_id').notNull().references(() => slides.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    startSecond: doublePrecision('start_second').notNull(),
    endSecond: doublePrecision('end_second').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('watch_segments_course_slide_idx').on(t.courseId, t.exerciseId, t.slideId),
    index('watch_segments_account_slide_idx').on(t.accountId, t.slideId),
  ],
);

/** SCORM run-time data (cmi.*) of an attempt, per SCO ('' for single-SCO packages). */
export const scormRuntime = pgTable(
  'scorm_runtime',
  {
    id: id(),
    attemptId: integer('attempt_id').notNull().references(() => attempts.id, { onDelete: 'cascade' }),
    scoId: text('sco_id').notNull().default(''),
    cmi: jsonb('cmi').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [unique('scorm_runtime_uq').on(t.attemptId, t.scoId)],
);

/** Digital attendance code a student shows (valid 3 minutes); confirming it marks a visit. */
export const digitalCodes = pgTable(
  'digital_codes',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    /** the student the code belongs to */
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    confirmedAt: tstz('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('digital_codes_code_idx').on(t.code, t.expiresAt),
    index('digital_codes_account_idx').on(t.accountId, t.exerciseId),
  ],
);

/** Visit-journal mark: a student attended a lesson (exerciseId null) or an exercise. */
export const visits = pgTable(
  'visits',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    markedBy: integer('marked_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** manual | digital_code */
    source: text('source').notNull().default('manual'),
    markedAt: tstz('marked_at').notNull().defaultNow(),
  },
  (t) => [
    check('visits_target_ck', sql`num_nonnulls(${t.lessonId}, ${t.exerciseId}) >= 1`),
    uniqueIndex('visits_exercise_uq').on(t.courseId, t.exerciseId, t.studentId).where(sql`${t.exerciseId} is not null`),
    uniqueIndex('visits_lesson_uq').on(t.courseId, t.lessonId, t.studentId).where(sql`${t.exerciseId} is null`),
    index('visits_student_idx').on(t.studentId),
  ],
);

/** Page-visit log (LogVisit on the visit-log hub; students only). */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigId(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** when the client saw it (offline visits are sent later) */
    visitedAt: tstz('visited_at').notNull().defaultNow(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [index('page_visits_account_idx').on(t.accountId, t.visitedAt)],
);

/** A student's score (0..1) in one competency of an exercise, in a course (GET /api/profile/Skills). */
export const competencyScores = pgTable(
  'competency_scores',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    competencyId: integer('competency_id').notNull().references(() => exerciseCompetencies.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('competency_scores_uq').on(t.accountId, t.courseId, t.competencyId),
    index('competency_scores_course_idx').on(t.courseId),
  ],
);
